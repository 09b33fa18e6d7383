package dev.concord.gateway.dispatch;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;
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
    /** Looked up by the first event, not by each: a bean factory lookup costs more than resolving an audience. */
    private volatile @Nullable GuildAudienceResolver guild;

    private volatile boolean lookedUp;

    AudienceResolver(ObjectProvider<GuildAudienceResolver> guilds) {
        this.guilds = guilds;
    }

    /** The users of an event of this instance's own feed. */
    Mono<Set<Snowflake>> users(EventEnvelope event) {
        return users(event, true);
    }

    /** {@code ownFeed}: from this instance's own feed, whose events the guild resolver also learns from. */
    Mono<Set<Snowflake>> users(EventEnvelope event, boolean ownFeed) {
        GuildAudienceResolver guild = guild();
        Mono<Void> observed = guild == null || !ownFeed ? Mono.empty() : guild.observe(event);
        Audience audience = event.audience();
        if (audience == null) {
            return observed.thenReturn(Set.of());
        }
        Set<Snowflake> named = audience.userIds() == null ? Set.of() : Set.copyOf(audience.userIds());
        if (guild == null || audience.guildId() == null) {
            return observed.thenReturn(named);
        }
        return observed.then(guild.members(event)).map(members -> {
            if (named.isEmpty()) {
                return members;
            }
            Set<Snowflake> all = new HashSet<>(members);
            all.addAll(named);
            return all;
        });
    }

    private @Nullable GuildAudienceResolver guild() {
        if (!lookedUp) {
            guild = guilds.getIfAvailable();
            lookedUp = true;
        }
        return guild;
    }
}
