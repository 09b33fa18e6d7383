@NullMarked
package dev.concord.platform.ids;

import org.jspecify.annotations.NullMarked;
