package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Bots joining guilds, for remote-auth-service's OAuth2 {@code bot} scope: the guilds a person may add a
 * bot to and the addition itself (docs/internal-api.md). Nothing is cached: each call is a consent.
 */
public final class GuildBots {

    /** An application's bot that a person authorized, with the permissions of its role and the scopes granted. */
    public record Authorization(
            Snowflake userId,
            Snowflake applicationId,
            String applicationName,
            @Nullable String applicationIcon,
            String applicationDescription,
            Snowflake botId,
            long permissions,
            List<String> scopes) {}

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
        Map<String, Object> application = new LinkedHashMap<>();
        application.put("id", authorization.applicationId().asString());
        application.put("name", authorization.applicationName());
        application.put("icon", authorization.applicationIcon());
        application.put("description", authorization.applicationDescription());
        application.put("bot_id", authorization.botId().asString());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", authorization.userId().asString());
        body.put("permissions", Long.toString(authorization.permissions()));
        body.put("scopes", authorization.scopes());
        body.put("application", application);
        return guilds.addBot(guildId, body);
    }
}
