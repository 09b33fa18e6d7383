package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Applications added to group DMs, for remote-auth-service's OAuth2 {@code applications.commands} with a
 * {@code channel_id} (docs/internal-api.md): guild-service keeps group DMs and their integrations. Nothing
 * is cached: each call is a consent.
 */
public final class GroupDmApplications {

    /** An application a recipient authorized in the group DM, with the scopes granted; {@code botId} if it has a bot. */
    public record Authorization(Snowflake userId, AuthorizedApplication application, List<String> scopes) {}

    private final GuildServiceClient guilds;

    GroupDmApplications(GuildServiceClient guilds) {
        this.guilds = guilds;
    }

    /**
     * Adds the application to the group DM, or updates its scopes there: {@code {"integration", "created"}}.
     * guild-service's refusals (404 10003 unless the person is a recipient of a group DM of that id) come as
     * {@code ApiException}s carrying its status and code.
     */
    public Mono<JsonNode> add(Snowflake channelId, Authorization authorization) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", authorization.userId().asString());
        body.put("scopes", authorization.scopes());
        body.put("application", authorization.application().body());
        return guilds.addToGroupDm(channelId, body);
    }
}
