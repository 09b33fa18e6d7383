@NullMarked
package dev.concord.presence.statistics;

import org.jspecify.annotations.NullMarked;
