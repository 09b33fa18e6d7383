package dev.concord.guild.members;

import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The platform handing out or taking back a managed role (an integration's subscriber role) without a
 * person's request, so without their permission checks: GUILD_MEMBER_UPDATE when the member's roles
 * changed. Callers own the transaction.
 */
@Component
public final class ManagedRoleGrants {

    private final MemberStore store;
    private final MemberUpdates updates;

    ManagedRoleGrants(MemberStore store, MemberUpdates updates) {
        this.store = store;
        this.updates = updates;
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
        return changed ? updates.publish(guildId, userId).thenReturn(true) : Mono.just(false);
    }
}
