@NullMarked
package dev.concord.platform.json;

import org.jspecify.annotations.NullMarked;
