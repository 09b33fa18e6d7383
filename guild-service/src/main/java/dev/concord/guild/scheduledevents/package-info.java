/**
 * Guild scheduled events: a stage, voice or external event a guild announces, its status moves
 * (SCHEDULED → ACTIVE → COMPLETED, SCHEDULED → CANCELED, by hand and by time), its recurrence and the
 * members interested in it; GUILD_SCHEDULED_EVENT_* on {@code guild.events}.
 */
@NullMarked
package dev.concord.guild.scheduledevents;

import org.jspecify.annotations.NullMarked;
