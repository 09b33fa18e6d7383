@NullMarked
package dev.concord.platform.netty;

import org.jspecify.annotations.NullMarked;
