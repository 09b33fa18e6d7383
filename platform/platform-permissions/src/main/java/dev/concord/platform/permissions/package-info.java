@NullMarked
package dev.concord.platform.permissions;

import org.jspecify.annotations.NullMarked;
