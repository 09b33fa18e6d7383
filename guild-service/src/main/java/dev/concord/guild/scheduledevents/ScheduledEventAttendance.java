package dev.concord.guild.scheduledevents;

import dev.concord.guild.voicestates.ChannelVoices;
import dev.concord.guild.voicestates.VoiceStateListener;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * An active stage or voice event nobody has been at for {@code deserted-after} is completed, as the
 * platform does "a few minutes after the last user leaves" (a recurring one moves on to its next
 * occurrence). Someone leaving an event's channel notes the time; a round finding someone there notes now.
 */
@Configuration(proxyBeanMethods = false)
class ScheduledEventAttendance {

    private static final int BATCH = 100;

    /** Each departure from a channel restarts the count of its active events. */
    @Component
    static final class Departures implements VoiceStateListener {

        private final ScheduledEventStore store;

        Departures(ScheduledEventStore store) {
            this.store = store;
        }

        @Override
        public Mono<Void> leftChannel(Snowflake guildId, Snowflake channelId) {
            return store.attended(channelId);
        }
    }

    @Bean
    BatchedSweep scheduledEventAttendanceSweep(
            ScheduledEventStore store,
            ScheduledEventAnnouncer announcer,
            ChannelVoices voices,
            TransactionalOperator transactions,
            Clock clock,
            @Value("${concord.scheduled-events.sweep-interval:PT15S}") Duration interval,
            @Value("${concord.scheduled-events.deserted-after:PT5M}") Duration desertedAfter) {
        return new BatchedSweep("active events nobody is at", interval, BATCH, batch -> {
            Instant now = clock.instant();
            return transactions.transactional(store.claimUnattended(now.minus(desertedAfter), batch)
                    .concatMap(event -> {
                        Snowflake channelId =
                                Objects.requireNonNull(event.channelId(), "a stage or voice event's channel");
                        return voices.of(event.guildId(), channelId)
                                .flatMap(there -> there.isEmpty()
                                        ? store.update(ScheduledEventTimeline.ended(
                                                        event, ScheduledEventStatus.COMPLETED, now))
                                                .flatMap(ended ->
                                                        announcer.announce(ended, ScheduledEventEvents::updated))
                                                .then()
                                        : store.attended(channelId))
                                .thenReturn(event);
                    })
                    .count());
        });
    }
}
