package dev.concord.guild.access;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Loads a guild as one of its members acts in it, for every endpoint that checks permissions. */
@Component
public final class GuildAccesses {

    private final AccessStore store;

    GuildAccesses(AccessStore store) {
        this.store = store;
    }

    /**
     * The guild as {@code userId} acts in it: 404 10004 when there is no such guild, 403 50001 when they
     * are not a member. {@code lock} holds the guild's row until the transaction ends, so changes to
     * one guild apply one after the other.
     */
    public Mono<GuildAccess> load(Snowflake guildId, Snowflake userId, boolean lock) {
        return (lock ? store.findForUpdate(guildId) : store.find(guildId))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .flatMap(guild -> store.member(guildId, userId)
                        .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                        .flatMap(member -> store.roles(guildId)
                                .collectList()
                                .map(roles -> new GuildAccess(
                                        guild,
                                        roles,
                                        member,
                                        new GuildPermissions(
                                                guildId.value(),
                                                guild.ownerId().value(),
                                                roles.stream()
                                                        .map(RoleData::forPermissions)
                                                        .toList())))));
    }
}
