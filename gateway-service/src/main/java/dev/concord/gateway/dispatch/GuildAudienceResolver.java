package dev.concord.gateway.dispatch;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Who a guild- or channel-wide event reaches on this instance: the guild's members with a session here,
 * narrowed to those who can see the channel or hold the required permission. A bean only where
 * guild-service is configured; without one such events are not delivered.
 */
interface GuildAudienceResolver {

    /**
     * Called for every event of this instance's own feed before it is resolved, whatever its audience: an
     * event that changes who may see what (GUILD_CREATE is addressed to users, yet changes the guild's
     * members) must not be resolved, then or later, from answers given before it. Not called for the feeds
     * of adopted homes, which replay events this instance's own feed has had, or that older than what it
     * holds: applied again, they would take it back in time.
     */
    default Mono<Void> observe(EventEnvelope event) {
        return Mono.empty();
    }

    /** The users the event concerns; {@code event.audience().guildId()} is set. */
    Mono<Set<Snowflake>> members(EventEnvelope event);
}
