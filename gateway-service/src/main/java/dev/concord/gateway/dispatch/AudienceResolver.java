package dev.concord.gateway.dispatch;

import dev.concord.platform.events.Audience;
import dev.concord.platform.ids.Snowflake;
import java.util.HashSet;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The users an event goes to: those named in {@code user_ids}, plus the guild's audience when a
 * {@link GuildAudienceResolver} is present. An event for no one (USER_CREATE) is not dispatched.
 */
@Component
final class AudienceResolver {

    private final ObjectProvider<GuildAudienceResolver> guilds;

    AudienceResolver(ObjectProvider<GuildAudienceResolver> guilds) {
        this.guilds = guilds;
    }

    Mono<Set<Snowflake>> users(Audience audience) {
        if (audience == null) {
            return Mono.just(Set.of());
        }
        Set<Snowflake> named = audience.userIds() == null ? Set.of() : Set.copyOf(audience.userIds());
        GuildAudienceResolver guild = audience.guildId() == null ? null : guilds.getIfAvailable();
        if (guild == null) {
            return Mono.just(named);
        }
        return guild.members(audience).map(members -> {
            Set<Snowflake> all = new HashSet<>(members);
            all.addAll(named);
            return all;
        });
    }
}
