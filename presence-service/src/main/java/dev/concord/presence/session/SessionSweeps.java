package dev.concord.presence.session;

import dev.concord.platform.service.BatchedSweep;
import dev.concord.presence.fanout.PresencePublisher;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sessions nobody ends: those of a gateway instance whose lease lapsed (it died), set aside for the
 * resume window, and headless sessions past their time. Each goes as a closed one does, its users told.
 * Every replica may sweep: a session already gone is skipped by the store's scripts.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PresenceSettings.class)
class SessionSweeps {

    private static final int BATCH = 500;

    @Bean
    BatchedSweep deadInstanceSweep(SessionStore store, PresencePublisher publisher, PresenceSettings settings) {
        return new BatchedSweep(
                "sessions of dead gateway instances", settings.sweepInterval(), BATCH, batch -> store.deadInstances()
                        .concatMap(dead -> {
                            String instance = dead.getKey();
                            Mono<Void> forget =
                                    dead.getValue().size() <= batch ? store.forgetInstance(instance) : Mono.empty();
                            return Flux.fromIterable(dead.getValue())
                                    .take(batch)
                                    .concatMap(member -> store.setAside(member, instance, settings.resumeWindow())
                                            .flatMap(publisher::publishIfChanged)
                                            .thenReturn(1L))
                                    .reduce(0L, Long::sum)
                                    .flatMap(count -> forget.thenReturn(count));
                        })
                        .reduce(0L, Long::sum));
    }

    @Bean
    BatchedSweep headlessSweep(
            SessionStore store, PresencePublisher publisher, PresenceSettings settings, Clock clock) {
        return new BatchedSweep(
                "expired headless sessions", settings.sweepInterval(), BATCH, batch -> store.expired(clock.millis())
                        .take(batch)
                        .concatMap(member -> store.remove(member)
                                .flatMap(publisher::publishIfChanged)
                                .thenReturn(1L))
                        .reduce(0L, Long::sum));
    }
}
