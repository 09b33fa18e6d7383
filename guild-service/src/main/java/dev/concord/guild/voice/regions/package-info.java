/**
 * Voice regions: {@code GET /voice/regions}, the ids a voice channel's {@code rtc_region} may name, and
 * {@code GET /guilds/{guild.id}/regions}, the same with the VIP regions for a guild that has them; both
 * from configuration ({@code concord.voice}).
 */
@NullMarked
package dev.concord.guild.voice.regions;

import org.jspecify.annotations.NullMarked;
