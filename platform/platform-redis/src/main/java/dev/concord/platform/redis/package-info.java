@NullMarked
package dev.concord.platform.redis;

import org.jspecify.annotations.NullMarked;
