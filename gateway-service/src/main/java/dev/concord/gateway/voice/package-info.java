/** Op 4 Voice State Update, passed to guild-service, which keeps voice states and sends their events. */
@NullMarked
package dev.concord.gateway.voice;

import org.jspecify.annotations.NullMarked;
