package dev.concord.gateway.dispatch;

import dev.concord.platform.events.Audience;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Who a guild- or channel-wide event reaches: the guild's members, narrowed to those who can see the
 * channel or hold the required permission. Provided as a bean once guild membership reaches the
 * gateway; until then such events are not delivered.
 */
public interface GuildAudienceResolver {

    /** The users the event concerns; {@code audience.guildId()} is set. */
    Mono<Set<Snowflake>> members(Audience audience);
}
