/**
 * Directory channels: a hub's channel listing guilds and scheduled events (its entries), browsed, counted
 * and searched by those who can see the channel and written by those who manage the entity listed.
 * GUILD_DIRECTORY_ENTRY_* on {@code guild.events}.
 */
@NullMarked
package dev.concord.guild.directories;

import org.jspecify.annotations.NullMarked;
