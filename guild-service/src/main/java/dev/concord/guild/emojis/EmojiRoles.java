package dev.concord.guild.emojis;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The roles an emoji is locked to: roles of its guild, and either all subscription roles (tagged with the
 * guild's guild_subscription integration: a premium emoji) or none.
 */
@Component
final class EmojiRoles {

    private final EmojiStore store;

    EmojiRoles(EmojiStore store) {
        this.store = store;
    }

    /** The roles as ids, each once, each a role of the guild other than @everyone (404 10011 otherwise). */
    static long[] ids(GuildAccess access, @Nullable List<Snowflake> requested) {
        if (requested == null) {
            return new long[0];
        }
        Set<Long> roleIds = new LinkedHashSet<>();
        for (Snowflake roleId : requested) {
            RoleData role = access.role(roleId);
            if (!role.id().equals(access.guild().id())) {
                roleIds.add(role.id().value());
            }
        }
        return roleIds.stream().mapToLong(Long::longValue).toArray();
    }

    /** Whether these roles make a premium emoji: all subscription roles (true), none (false), or both (400 50144). */
    Mono<Boolean> premium(GuildAccess access, long[] roleIds) {
        if (roleIds.length == 0) {
            return Mono.just(false);
        }
        return store.subscriptionIntegrations(access.guild().id()).collectList().map(integrations -> {
            int subscription = 0;
            for (long roleId : roleIds) {
                RoleData role = access.role(Snowflake.of(roleId));
                if (role.tags() != null
                        && integrations.contains(
                                role.tags().path("integration_id").asString(""))) {
                    subscription++;
                }
            }
            if (subscription != 0 && subscription != roleIds.length) {
                throw GuildErrors.mixedEmojiRoles();
            }
            return subscription != 0;
        });
    }
}
