package dev.concord.guild.members;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * GUILD_MEMBER_UPDATE for a member whose row just changed, whoever changed it (a PATCH, auto moderation, an
 * integration's role): the row read back with its user, recorded in the caller's transaction.
 */
@Component
final class MemberUpdates {

    private final AccessStore rows;
    private final GuildJoins joins;
    private final Outbox outbox;
    private final JsonMapper mapper;

    MemberUpdates(AccessStore rows, GuildJoins joins, Outbox outbox, JsonMapper mapper) {
        this.rows = rows;
        this.joins = joins;
        this.outbox = outbox;
        this.mapper = mapper;
    }

    /** The member as they are now, after their GUILD_MEMBER_UPDATE was recorded. */
    Mono<MemberData> publish(Snowflake guildId, Snowflake userId) {
        return rows.member(guildId, userId)
                .flatMap(row -> joins.user(userId).map(user -> MemberData.of(row, user)))
                .flatMap(member -> outbox.append(MemberEvents.memberUpdate(mapper, guildId, member))
                        .thenReturn(member));
    }
}
