package dev.concord.webhook.messages;

import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Forgets interactions whose tokens have expired, so the table holds only the last quarter hour's. */
@Configuration(proxyBeanMethods = false)
class InteractionCleanup {

    private static final Duration INTERVAL = Duration.ofMinutes(5);
    private static final int BATCH = 1_000;

    @Bean
    BatchedSweep interactionSweep(InteractionStore store, Clock clock) {
        return new BatchedSweep(
                "expired interactions",
                INTERVAL,
                BATCH,
                batch -> store.deleteMadeBefore(clock.instant().minus(InteractionHandler.TOKEN_LIFETIME), batch));
    }
}
