package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import reactor.core.publisher.Mono;

/**
 * Told when someone stops being somewhere in voice, after the change is kept: stages and events that end
 * when nobody speaks or attends time their idleness from it.
 */
public interface VoiceStateListener {

    /** Someone left the channel (or moved out of it). */
    default Mono<Void> leftChannel(Snowflake guildId, Snowflake channelId) {
        return Mono.empty();
    }

    /** A speaker of the channel left it or stopped speaking (suppressed, or hand raised again). */
    default Mono<Void> speakerStopped(Snowflake guildId, Snowflake channelId) {
        return Mono.empty();
    }
}
