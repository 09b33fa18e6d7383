package dev.concord.social.family;

import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Deletes actions older than the 7-day window, periodically and in bounded batches (reads already stop at
 * the window; this keeps the table from growing).
 */
@Configuration(proxyBeanMethods = false)
class ActivityCleanup {

    @Bean
    BatchedSweep activitySweep(ActivityStore store, FamilyCenterSettings settings, Clock clock) {
        return new BatchedSweep(
                "Family Center activity",
                settings.cleanupInterval(),
                settings.cleanupBatch(),
                batch -> store.deleteOlderThan(clock.instant().minus(FamilyCenterSettings.WINDOW), batch));
    }
}
