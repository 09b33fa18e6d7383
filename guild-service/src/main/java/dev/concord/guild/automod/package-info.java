/**
 * Auto moderation's configuration: a guild's rules (what triggers them, what they do, whom they spare),
 * validated the way the platform validates them and announced to the guild's managers, the internal read
 * of a guild's enabled rules for the service that enforces them, and the incident actions that pause a
 * guild's invites and DMs. Judging messages against the rules happens elsewhere.
 */
@NullMarked
package dev.concord.guild.automod;

import org.jspecify.annotations.NullMarked;
