package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Tells the {@link VoiceStateListener}s what a change of a voice state ended: a presence in a channel, a speaker. */
@Component
final class VoiceDepartures {

    private final List<VoiceStateListener> listeners;

    VoiceDepartures(List<VoiceStateListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    /** {@code before} became {@code after} (none: the user left voice). */
    Mono<Void> changed(@Nullable VoiceState before, @Nullable VoiceState after) {
        if (before == null || before.channelId() == null) {
            return Mono.empty();
        }
        Snowflake guildId = before.guildId();
        Snowflake channelId = before.channelId();
        boolean left = after == null || !channelId.equals(after.channelId());
        boolean stoppedSpeaking = before.isSpeaker() && (after == null || left || !after.isSpeaker());
        return Flux.fromIterable(listeners)
                .concatMap(listener -> (left ? listener.leftChannel(guildId, channelId) : Mono.<Void>empty())
                        .then(stoppedSpeaking ? listener.speakerStopped(guildId, channelId) : Mono.<Void>empty()))
                .then();
    }
}
