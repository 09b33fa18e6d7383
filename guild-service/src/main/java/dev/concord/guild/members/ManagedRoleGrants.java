package dev.concord.guild.members;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The platform handing out or taking back a managed role (an integration's subscriber role) without a
 * person's request, so without their permission checks: GUILD_MEMBER_UPDATE when the member's roles
 * changed. Callers own the transaction.
 */
@Component
public final class ManagedRoleGrants {

    private final MemberStore store;
    private final AccessStore rows;
    private final GuildJoins joins;
    private final Outbox outbox;
    private final JsonMapper mapper;

    ManagedRoleGrants(MemberStore store, AccessStore rows, GuildJoins joins, Outbox outbox, JsonMapper mapper) {
        this.store = store;
        this.rows = rows;
        this.joins = joins;
        this.outbox = outbox;
        this.mapper = mapper;
    }

    /** Gives the member the role; false when they had it or are no member. */
    public Mono<Boolean> give(Snowflake guildId, Snowflake userId, Snowflake roleId) {
        return store.addRole(guildId, userId, roleId).flatMap(changed -> announce(guildId, userId, changed));
    }

    /** Takes the role off the member; false when they did not have it. */
    public Mono<Boolean> take(Snowflake guildId, Snowflake userId, Snowflake roleId) {
        return store.removeRole(guildId, userId, roleId).flatMap(changed -> announce(guildId, userId, changed));
    }

    private Mono<Boolean> announce(Snowflake guildId, Snowflake userId, boolean changed) {
        if (!changed) {
            return Mono.just(false);
        }
        return rows.member(guildId, userId)
                .flatMap(row -> joins.user(userId).map(user -> MemberData.of(row, user)))
                .flatMap(member -> outbox.append(MemberEvents.memberUpdate(mapper, guildId, member)))
                .thenReturn(true);
    }
}
