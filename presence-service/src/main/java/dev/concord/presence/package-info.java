@NullMarked
package dev.concord.presence;

import org.jspecify.annotations.NullMarked;
