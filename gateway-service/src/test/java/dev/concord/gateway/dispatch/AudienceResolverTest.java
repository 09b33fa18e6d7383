package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import reactor.core.publisher.Mono;

class AudienceResolverTest {

    private static final Snowflake GUILD = Snowflake.of(900);

    @Test
    void namedUsersAreTheAudience() {
        AudienceResolver resolver = new AudienceResolver(new DefaultListableBeanFactory().getBeanProvider(GuildAudienceResolver.class));

        assertThat(resolver.users(Audience.users(Snowflake.of(1), Snowflake.of(2))).block())
                .containsExactlyInAnyOrder(Snowflake.of(1), Snowflake.of(2));
        assertThat(resolver.users(null).block()).isEmpty();
    }

    @Test
    void guildAudiencesReachNobodyWithoutAGuildResolver() {
        AudienceResolver resolver = new AudienceResolver(new DefaultListableBeanFactory().getBeanProvider(GuildAudienceResolver.class));

        assertThat(resolver.users(Audience.guild(GUILD)).block()).isEmpty();
        assertThat(resolver.users(Audience.channel(GUILD, Snowflake.of(901))).block()).isEmpty();
    }

    @Test
    void aGuildResolverAddsTheMembersToTheNamedUsers() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("guilds", (GuildAudienceResolver) audience ->
                Mono.just(audience.guildId().equals(GUILD) ? Set.of(Snowflake.of(5), Snowflake.of(6)) : Set.of()));
        AudienceResolver resolver = new AudienceResolver(beans.getBeanProvider(GuildAudienceResolver.class));
        Audience both = new Audience(java.util.List.of(Snowflake.of(1)), GUILD, null, null);

        assertThat(resolver.users(both).block()).containsExactlyInAnyOrder(Snowflake.of(1), Snowflake.of(5), Snowflake.of(6));
    }
}
