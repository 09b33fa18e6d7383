package dev.concord.guild.integrations;

import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/**
 * Syncs each streaming integration every {@code sync-every} on its own, as the guild's owner would, so that
 * subscribers who stopped lose the role or the guild when their grace period is over, and a revoked account
 * is noticed, without a manager pressing sync. A provider that fails leaves the integration as it was until
 * the next time.
 */
@Configuration(proxyBeanMethods = false)
class StreamingSyncSweep {

    private static final Logger log = LoggerFactory.getLogger(StreamingSyncSweep.class);
    private static final int BATCH = 20;

    @Bean
    BatchedSweep streamingIntegrationSyncs(
            SyncScheduleStore schedule,
            IntegrationSyncs syncs,
            Clock clock,
            @Value("${concord.integrations.streaming.sync-sweep-interval:PT1M}") Duration interval,
            @Value("${concord.integrations.streaming.sync-every:PT1H}") Duration every) {
        return new BatchedSweep("streaming integrations due a sync", interval, BATCH, batch -> {
            Instant now = clock.instant();
            return schedule.claimDue(now, now.minus(every), now.plus(every), batch)
                    .concatMap(due -> syncs.sync(due.guildId(), due.integrationId(), due.ownerId())
                            .onErrorResume(e -> {
                                log.info(
                                        "Scheduled sync of integration {} failed: {}",
                                        due.integrationId(),
                                        e.toString());
                                return Mono.empty();
                            })
                            .thenReturn(due))
                    .count();
        });
    }
}
