package dev.concord.platform.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.platform.test.TestTokenKeys;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;

class GuildsAutoConfigurationTest {

    /** Records the one subscription instead of reading Kafka. */
    static final class RecordingSubscriber implements EventSubscriber {
        String groupId;
        List<String> topics;
        StartFrom startFrom;
        Function<EventEnvelope, Mono<Void>> handler;

        @Override
        public Subscription subscribe(
                String groupId, List<String> topics, StartFrom startFrom, Function<EventEnvelope, Mono<Void>> handler) {
            this.groupId = groupId;
            this.topics = topics;
            this.startFrom = startFrom;
            this.handler = handler;
            Disposable running = Disposables.single();
            return new Subscription() {
                @Override
                public Mono<Void> caughtUp() {
                    return Mono.empty();
                }

                @Override
                public void dispose() {
                    running.dispose();
                }
            };
        }

        @Override
        public Subscription subscribeBatches(
                String groupId,
                List<String> topics,
                StartFrom startFrom,
                Function<List<EventEnvelope>, Mono<Void>> handler) {
            throw new AssertionError("the guilds listener takes its events one at a time");
        }

        @Override
        public Subscription subscribeSummaries(
                String groupId, List<String> topics, StartFrom startFrom, Function<EventSummary, Mono<Void>> handler) {
            throw new AssertionError("the guilds listener reads its events whole");
        }

        @Override
        public Subscription takeOver(
                String groupId, List<String> topics, Instant notBefore, Function<EventEnvelope, Mono<Void>> handler) {
            throw new AssertionError("the guilds listener never takes a group over");
        }
    }

    static final String SECRET = TestTokenKeys.internalSecret();

    final GuildServiceFake server = GuildServiceFake.start();
    final ApplicationContextRunner contexts = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(GuildsAutoConfiguration.class))
            .withPropertyValues("spring.application.name=test-service");

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void nothingWithoutABaseUrl() {
        contexts.withPropertyValues("concord.auth.internal-secret=" + SECRET).run(context -> assertThat(context)
                .hasNotFailed()
                .doesNotHaveBean(GuildAuthorization.class)
                .doesNotHaveBean("guildEventsListener"));
    }

    @Test
    void nothingWithAnEmptyBaseUrl() {
        // What ${CONCORD_GUILDS_URL:} gives where the variable is unset.
        contexts.withPropertyValues("concord.guilds.base-url=", "concord.auth.internal-secret=" + SECRET)
                .withBean(EventSubscriber.class, RecordingSubscriber::new)
                .run(context -> assertThat(context)
                        .hasNotFailed()
                        .doesNotHaveBean(GuildAuthorization.class)
                        .doesNotHaveBean("guildEventsListener"));
    }

    @Test
    void aServiceThatOnlyAddsBotsFollowsNoGuildEvents() {
        RecordingSubscriber subscriber = new RecordingSubscriber();
        contexts.withPropertyValues(
                        "concord.guilds.base-url=" + server.url(),
                        "concord.auth.internal-secret=" + SECRET,
                        "concord.guilds.follow-events=false")
                .withBean(EventSubscriber.class, () -> subscriber)
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(GuildBots.class);
                    assertThat(context).hasSingleBean(GroupDmApplications.class);
                    assertThat(context).doesNotHaveBean("guildEventsListener");
                    assertThat(context.getBean(GuildBots.class)
                                    .manageableGuilds(Snowflake.of(42))
                                    .block())
                            .isEmpty();
                    assertThat(subscriber.topics).as("never subscribed").isNull();
                });
    }

    @Test
    void aBaseUrlWithoutTheSecretFailsAtStart() {
        contexts.withPropertyValues("concord.guilds.base-url=" + server.url()).run(context -> assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageContaining("concord.auth.internal-secret is not set"));
    }

    @Test
    void aClientThatAsksWithTheSecretListensToGuildEventsAndCountsHits() {
        Snowflake guildId = Snowflake.of(613425648685547541L);
        Snowflake userId = Snowflake.of(80351110224678912L);
        server.guild(guildId.value(), userId.value()).member(userId.value(), Permission.ALL);
        RecordingSubscriber subscriber = new RecordingSubscriber();
        contexts.withPropertyValues(
                        "concord.guilds.base-url=" + server.url(),
                        "concord.auth.internal-secret=" + SECRET,
                        "concord.guilds.cache-ttl=1m")
                .withBean(EventSubscriber.class, () -> subscriber)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .run(context -> {
                    assertThat(context).hasNotFailed().hasBean("guildEventsListener");
                    assertThat(context.getBean(GuildsSettings.class).cacheTtl()).hasMinutes(1);
                    assertThat(context.getBean(GuildsSettings.class).timeout()).hasSeconds(2);
                    assertThat(context.getBean(GuildsSettings.class).cacheSize())
                            .isEqualTo(100_000);
                    GuildAuthorization authorization = context.getBean(GuildAuthorization.class);

                    assertThat(authorization.permissions(guildId, userId).block())
                            .isEqualTo(Permission.ALL);
                    assertThat(authorization.permissions(guildId, userId).block())
                            .isEqualTo(Permission.ALL);
                    assertThat(server.requestCount()).isEqualTo(1);

                    assertThat(subscriber.topics).containsExactly("guild.events");
                    assertThat(subscriber.startFrom).isEqualTo(EventSubscriber.StartFrom.LATEST);
                    assertThat(subscriber.groupId).matches("test-service\\.guild-authz\\.[0-9a-f-]{36}");
                    subscriber
                            .handler
                            .apply(new EventEnvelope(
                                    Snowflake.of(1),
                                    GUILD_UPDATE,
                                    null,
                                    "guild-service",
                                    Audience.guild(guildId),
                                    Json.mapper().createObjectNode()))
                            .block();
                    assertThat(authorization.permissions(guildId, userId).block())
                            .isEqualTo(Permission.ALL);
                    assertThat(server.requestCount()).isEqualTo(2);

                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(registry.get("cache.gets")
                                    .tag("cache", "guild-permissions")
                                    .tag("result", "hit")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(1);
                    assertThat(registry.get("cache.gets")
                                    .tag("cache", "guild-permissions")
                                    .tag("result", "miss")
                                    .functionCounter()
                                    .count())
                            .isEqualTo(2);
                });
    }

    @Test
    void eachInstanceHasAGroupOfItsOwn() {
        RecordingSubscriber first = new RecordingSubscriber();
        RecordingSubscriber second = new RecordingSubscriber();
        String[] properties = {"concord.guilds.base-url=" + server.url(), "concord.auth.internal-secret=x"};
        contexts.withPropertyValues(properties)
                .withBean(EventSubscriber.class, () -> first)
                .run(context -> {});
        contexts.withPropertyValues(properties)
                .withBean(EventSubscriber.class, () -> second)
                .run(context -> {});
        assertThat(first.groupId).isNotNull().isNotEqualTo(second.groupId);
    }
}
