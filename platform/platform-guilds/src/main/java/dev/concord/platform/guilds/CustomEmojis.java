package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Custom emoji by id, for services that take one from a client (a reaction names {@code name:id}): whose it
 * is, its name, whether it is animated and whether the user may use it (available, and locked to no role or
 * to one they hold), from guild-service's internal API. Not cached: an emoji is
 * renamed or deleted at any time, and a reaction is rare next to the reads of a channel.
 */
public final class CustomEmojis {

    /** A guild's emoji ({@code applicationId} null) or an application's ({@code guildId} null). */
    public record CustomEmoji(
            Snowflake id,
            String name,
            boolean animated,
            boolean available,
            boolean usable,
            @Nullable Snowflake guildId,
            @Nullable Snowflake applicationId) {

        static CustomEmoji read(JsonNode emoji) {
            JsonNode guild = emoji.path("guild_id");
            JsonNode application = emoji.path("application_id");
            return new CustomEmoji(
                    Snowflake.parse(emoji.path("id").asString()),
                    emoji.path("name").asString(),
                    emoji.path("animated").asBoolean(),
                    emoji.path("available").asBoolean(true),
                    emoji.path("usable").asBoolean(true),
                    guild.isString() ? Snowflake.parse(guild.asString()) : null,
                    application.isString() ? Snowflake.parse(application.asString()) : null);
        }
    }

    private final GuildServiceClient guilds;

    CustomEmojis(GuildServiceClient guilds) {
        this.guilds = guilds;
    }

    /** The emoji, as {@code userId} may use it or not; 404 10014 (an {@code ApiException}) for an id that names none. */
    public Mono<CustomEmoji> find(Snowflake emojiId, Snowflake userId) {
        return guilds.emoji(emojiId, userId).map(CustomEmoji::read);
    }
}
