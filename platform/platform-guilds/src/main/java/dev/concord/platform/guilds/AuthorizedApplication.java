package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What an integration shows of an application that a person authorized (remote-auth-service owns
 * applications; guild-service keeps this as of the last authorization), for a guild's bot or a group DM.
 *
 * @param botId its bot user; null for an application without one
 * @param verified verification state SUCCEEDED
 * @param discoverable discoverability state DISCOVERABLE or FEATUREABLE
 * @param monetized monetization state ENABLED
 */
public record AuthorizedApplication(
        Snowflake id,
        String name,
        @Nullable String icon,
        String description,
        @Nullable Snowflake botId,
        boolean verified,
        boolean discoverable,
        boolean monetized,
        @Nullable String roleConnectionsVerificationUrl) {

    /** The {@code application} of guild-service's internal bodies (docs/internal-api.md). */
    Map<String, Object> body() {
        Map<String, Object> application = new LinkedHashMap<>();
        application.put("id", id.asString());
        application.put("name", name);
        application.put("icon", icon);
        application.put("description", description);
        if (botId != null) {
            application.put("bot_id", botId.asString());
        }
        application.put("is_verified", verified);
        application.put("is_discoverable", discoverable);
        application.put("is_monetized", monetized);
        application.put("role_connections_verification_url", roleConnectionsVerificationUrl);
        return application;
    }
}
