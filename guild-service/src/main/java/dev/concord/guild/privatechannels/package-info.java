/** DMs and group DMs: channels outside guilds, between their recipients ({@code /users/@me/channels}). */
@NullMarked
package dev.concord.guild.privatechannels;

import org.jspecify.annotations.NullMarked;
