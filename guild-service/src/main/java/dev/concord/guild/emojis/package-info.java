/**
 * Custom emoji of guilds and applications: their images (checked, measured, kept in the blob store and
 * served at the platform's CDN address), the guild's buckets, role locks and GUILD_EMOJIS_UPDATE.
 */
@NullMarked
package dev.concord.guild.emojis;

import org.jspecify.annotations.NullMarked;
