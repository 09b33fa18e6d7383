package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import reactor.core.publisher.Mono;

class AudienceResolverTest {

    private static final Snowflake GUILD = Snowflake.of(900);

    @Test
    void namedUsersAreTheAudience() {
        AudienceResolver resolver =
                new AudienceResolver(new DefaultListableBeanFactory().getBeanProvider(GuildAudienceResolver.class));

        assertThat(resolver.users(event(Audience.users(Snowflake.of(1), Snowflake.of(2))))
                        .block())
                .containsExactlyInAnyOrder(Snowflake.of(1), Snowflake.of(2));
        assertThat(resolver.users(event(null)).block()).isEmpty();
    }

    @Test
    void guildAudiencesReachNobodyWithoutAGuildResolver() {
        AudienceResolver resolver =
                new AudienceResolver(new DefaultListableBeanFactory().getBeanProvider(GuildAudienceResolver.class));

        assertThat(resolver.users(event(Audience.guild(GUILD))).block()).isEmpty();
        assertThat(resolver.users(event(Audience.channel(GUILD, Snowflake.of(901))))
                        .block())
                .isEmpty();
    }

    @Test
    void aGuildResolverAddsTheMembersToTheNamedUsers() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("guilds", (GuildAudienceResolver) event -> Mono.just(
                event.audience().guildId().equals(GUILD) ? Set.of(Snowflake.of(5), Snowflake.of(6)) : Set.of()));
        AudienceResolver resolver = new AudienceResolver(beans.getBeanProvider(GuildAudienceResolver.class));
        Audience both = new Audience(List.of(Snowflake.of(1)), GUILD, null, null);

        assertThat(resolver.users(event(both)).block())
                .containsExactlyInAnyOrder(Snowflake.of(1), Snowflake.of(5), Snowflake.of(6));
    }

    @Test
    void theGuildResolverObservesEveryEventFirstWhateverItsAudience() {
        List<String> calls = new ArrayList<>();
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("guilds", new GuildAudienceResolver() {
            @Override
            public Mono<Void> observe(EventEnvelope event) {
                return Mono.fromRunnable(() -> calls.add("observe " + event.type()));
            }

            @Override
            public Mono<Set<Snowflake>> members(EventEnvelope event) {
                return Mono.fromSupplier(() -> {
                    calls.add("members " + event.type());
                    return Set.of(Snowflake.of(5));
                });
            }
        });
        AudienceResolver resolver = new AudienceResolver(beans.getBeanProvider(GuildAudienceResolver.class));

        assertThat(resolver.users(event(GUILD_CREATE, Audience.users(Snowflake.of(1))))
                        .block())
                .containsExactly(Snowflake.of(1));
        assertThat(resolver.users(event(GUILD_UPDATE, Audience.guild(GUILD))).block())
                .containsExactly(Snowflake.of(5));

        assertThat(calls).containsExactly("observe GUILD_CREATE", "observe GUILD_UPDATE", "members GUILD_UPDATE");

        // An adopted home's feed replays older events: resolved, never learned from.
        calls.clear();
        assertThat(resolver.users(event(GUILD_UPDATE, Audience.guild(GUILD)), false)
                        .block())
                .containsExactly(Snowflake.of(5));
        assertThat(calls).containsExactly("members GUILD_UPDATE");
    }

    private static EventEnvelope event(Audience audience) {
        return event("SOME_EVENT", audience);
    }

    private static EventEnvelope event(String type, Audience audience) {
        return new EventEnvelope(
                Snowflake.of(1), type, null, "test", audience, Json.mapper().createObjectNode());
    }
}
