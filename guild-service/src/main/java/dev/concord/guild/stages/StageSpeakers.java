package dev.concord.guild.stages;

import dev.concord.guild.voicestates.VoiceStateListener;
import dev.concord.platform.ids.Snowflake;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A stage's last speaker: when one stops speaking, the stage's quiet starts then. */
@Component
final class StageSpeakers implements VoiceStateListener {

    private final StageInstanceStore store;
    private final Clock clock;

    StageSpeakers(StageInstanceStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @Override
    public Mono<Void> speakerStopped(Snowflake guildId, Snowflake channelId) {
        return store.speakerSeen(channelId, clock.instant());
    }
}
