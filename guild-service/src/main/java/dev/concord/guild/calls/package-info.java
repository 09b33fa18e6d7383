/**
 * Calls in DMs and group DMs: op 4 without a guild joins the call of a private channel, whose recipients
 * are rung when it starts. Who is in a call and who is rung live in Redis; CALL_CREATE, CALL_UPDATE,
 * CALL_DELETE and the call's VOICE_STATE_UPDATEs go to the channel's recipients on {@code guild.events}.
 */
@NullMarked
package dev.concord.guild.calls;

import org.jspecify.annotations.NullMarked;
