/**
 * Voice states: who is in which voice or stage channel of a guild, kept in Redis. The gateway's op 4
 * joins, moves and leaves (through guild-service's internal API); the voice state endpoints suppress,
 * unsuppress and raise hands on stages. VOICE_STATE_UPDATE and VOICE_SERVER_UPDATE on {@code guild.events}.
 */
@NullMarked
package dev.concord.guild.voicestates;

import org.jspecify.annotations.NullMarked;
