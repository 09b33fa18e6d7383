package dev.concord.guild.guilds;

import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The guild object as {@code GET /guilds/{guild.id}} answers a member, for the other packages' answers. */
@Component
public final class GuildObjects {

    private final GuildService guilds;

    GuildObjects(GuildService guilds) {
        this.guilds = guilds;
    }

    /** The guild as {@code memberId} reads it, without counts; the errors of {@code GET /guilds/{id}}. */
    public Mono<Object> asReadBy(Snowflake guildId, Snowflake memberId) {
        return guilds.get(guildId, memberId, false).cast(Object.class);
    }
}
