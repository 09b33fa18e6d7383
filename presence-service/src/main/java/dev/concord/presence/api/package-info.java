@NullMarked
package dev.concord.presence.api;

import org.jspecify.annotations.NullMarked;
