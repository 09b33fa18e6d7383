@NullMarked
package dev.concord.platform.events;

import org.jspecify.annotations.NullMarked;
