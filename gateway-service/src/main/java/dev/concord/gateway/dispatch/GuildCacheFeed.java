package dev.concord.gateway.dispatch;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.GuildEventsFeed;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Hands the guild events that change permissions or membership ({@link GuildChanges#TYPES}) from the
 * gateway's own feed to the guild authorization caches, before their audience is resolved, instead of
 * the second consumer the caches would otherwise start. The other events of guild.events (invites, bans
 * without a removal, emoji...) change no answer the caches keep.
 */
@Component
final class GuildCacheFeed implements GuildEventsFeed {

    private final @Nullable GuildAuthorization authorization;

    GuildCacheFeed(ObjectProvider<GuildAuthorization> authorization) {
        this.authorization = authorization.getIfAvailable();
    }

    void onEvent(EventEnvelope event) {
        if (authorization != null && GuildChanges.TYPES.contains(event.type())) {
            authorization.onEvent(event).subscribe();
        }
    }
}
