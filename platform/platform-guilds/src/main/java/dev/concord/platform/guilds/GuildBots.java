package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Bots joining guilds, for remote-auth-service's OAuth2 {@code bot} scope: the guilds a person may add a
 * bot to and the addition itself (docs/internal-api.md). Nothing is cached: each call is a consent.
 */
public final class GuildBots {

    /** An application's bot that a person authorized, with the permissions of its role and the scopes granted. */
    public record Authorization(
            Snowflake userId, AuthorizedApplication application, long permissions, List<String> scopes) {

        public Authorization {
            Objects.requireNonNull(application.botId(), "an application without a bot joins no guild");
        }
    }

    private final GuildServiceClient guilds;

    GuildBots(GuildServiceClient guilds) {
        this.guilds = guilds;
    }

    /** The user's guilds where they hold MANAGE_GUILD, as {@code GET /users/@me/guilds} lists them. */
    public Mono<List<JsonNode>> manageableGuilds(Snowflake userId) {
        return guilds.manageableGuilds(userId);
    }

    /**
     * Adds the bot: {@code {"integration", "joined"}}. guild-service's refusals (404 10004, 403 50001 /
     * 50013) come as {@code ApiException}s carrying its status and code.
     */
    public Mono<JsonNode> add(Snowflake guildId, Authorization authorization) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", authorization.userId().asString());
        body.put("permissions", Long.toString(authorization.permissions()));
        body.put("scopes", authorization.scopes());
        body.put("application", authorization.application().body());
        return guilds.addBot(guildId, body);
    }
}
