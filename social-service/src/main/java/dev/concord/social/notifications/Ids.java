package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.ServerRequest;

/** Ids from paths and map keys; one that is not a snowflake is a 50035 naming where it stood. */
final class Ids {

    private Ids() {}

    /** The snowflake {@code text} spells, if any. 0 is no id (it stands for private channels in storage). */
    static @Nullable Snowflake parse(String text) {
        Snowflake id = Snowflake.parseOrNull(text);
        return id == null || id.value() == 0 ? null : id;
    }

    static void notSnowflake(Violations v, String field, String text) {
        PathIds.notSnowflake(v, field, text);
    }

    /** The path variable as a snowflake; 50035 naming it otherwise. */
    static Snowflake fromPath(ServerRequest request, String variable) {
        String text = request.pathVariable(variable);
        Snowflake id = parse(text);
        if (id == null) {
            Violations v = new Violations();
            notSnowflake(v, variable, text);
            throw v.toException();
        }
        return id;
    }

    /** {@code guild_id} of the path: a guild, or {@code @me} for the user's private channels. */
    static GuildKey guildFromPath(ServerRequest request) {
        if (GuildKey.PRIVATE_PATH.equals(request.pathVariable("guild_id"))) {
            return GuildKey.PRIVATE_CHANNELS;
        }
        return GuildKey.of(fromPath(request, "guild_id"));
    }
}
