package dev.concord.guild.stages;

import dev.concord.guild.voicestates.ChannelVoices;
import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Closes a stage nobody has spoken on for {@code idle-after} (the platform's "on the order of minutes"),
 * as a moderator would: its invite and its event go with it. A stage found with a speaker is noted as
 * heard now; when the last speaker stops, {@link StageSpeakers} notes it, so the quiet is measured from then.
 */
@Configuration(proxyBeanMethods = false)
class StageIdleSweep {

    private static final int BATCH = 100;

    @Bean
    BatchedSweep quietStageSweep(
            StageInstanceStore store,
            StageClosing closing,
            ChannelVoices voices,
            TransactionalOperator transactions,
            Clock clock,
            @Value("${concord.stages.idle-sweep-interval:PT30S}") Duration interval,
            @Value("${concord.stages.idle-after:PT5M}") Duration idleAfter) {
        return new BatchedSweep("stages without a speaker", interval, BATCH, batch -> {
            Instant now = clock.instant();
            return transactions.transactional(store.claimQuiet(now.minus(idleAfter), batch)
                    .concatMap(stage -> voices.of(stage.guildId(), stage.channelId())
                            .flatMap(inStage -> inStage.speakers() > 0
                                    ? store.speakerSeen(stage.channelId(), now)
                                    : closing.close(stage.channelId()).then())
                            .thenReturn(stage))
                    .count());
        });
    }
}
