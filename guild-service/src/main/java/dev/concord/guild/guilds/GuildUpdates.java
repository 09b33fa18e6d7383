package dev.concord.guild.guilds;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * GUILD_UPDATE for a change made outside the guild's own PATCH (boosts, incident actions): the guild as
 * {@code GET /guilds/{id}} now answers it, to its members, in the caller's transaction.
 */
@Component
public final class GuildUpdates {

    private final AccessStore rows;
    private final GuildEmojis emojis;
    private final Outbox outbox;

    GuildUpdates(AccessStore rows, GuildEmojis emojis, Outbox outbox) {
        this.rows = rows;
        this.emojis = emojis;
        this.outbox = outbox;
    }

    /** Records GUILD_UPDATE with the guild as read now (after the caller's change). */
    public Mono<Void> announce(Snowflake guildId) {
        return rows.find(guildId).flatMap(this::announce);
    }

    Mono<Void> announce(GuildRow guild) {
        return Mono.zip(rows.roles(guild.id()).collectList(), emojis.of(guild.id()))
                .flatMap(found -> outbox.append(
                        GuildEvents.guildUpdate(GuildData.of(guild, found.getT1(), found.getT2(), false))));
    }
}
