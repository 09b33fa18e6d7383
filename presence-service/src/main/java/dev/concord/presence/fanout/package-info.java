@NullMarked
package dev.concord.presence.fanout;

import org.jspecify.annotations.NullMarked;
