/** Typed payloads of the events other services consume: every field may be absent from another service's event. */
@NullMarked
package dev.concord.platform.events.payload;

import org.jspecify.annotations.NullMarked;
