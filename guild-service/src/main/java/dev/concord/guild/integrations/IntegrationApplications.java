package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The integration application object, shared by a guild's integrations and a group DM's: what is stored
 * of the application at its last authorization (remote-auth-service owns applications), and how it is shown.
 */
final class IntegrationApplications {

    private IntegrationApplications() {}

    /**
     * What a row keeps of the application: {@code {"id", "name", "icon", "description", "bot_id"?,
     * "is_verified", "is_discoverable", "is_monetized", "role_connections_verification_url"}}.
     */
    static Map<String, Object> stored(BotJoinRequest.IntegrationApplication app) {
        Map<String, Object> application = new LinkedHashMap<>();
        application.put("id", String.valueOf(app.id()));
        application.put("name", app.name());
        application.put("icon", app.icon());
        application.put("description", app.description() == null ? "" : app.description());
        Snowflake botId = app.botId();
        if (botId != null) {
            application.put("bot_id", botId.asString());
        }
        application.put("is_verified", Boolean.TRUE.equals(app.isVerified()));
        application.put("is_discoverable", Boolean.TRUE.equals(app.isDiscoverable()));
        application.put("is_monetized", Boolean.TRUE.equals(app.isMonetized()));
        application.put("role_connections_verification_url", app.roleConnectionsVerificationUrl());
        return application;
    }

    /**
     * The application as the platform's clients parse it: {@code id, name, icon, description, type}, the
     * {@code is_*} states (false for a row kept before they were) and, when it has a bot that is known,
     * {@code bot} as a partial user.
     */
    static ObjectNode render(JsonMapper mapper, JsonNode stored, @Nullable PartialUser bot) {
        return render(mapper, stored, bot, false);
    }

    /** As {@link #render(JsonMapper, JsonNode, PartialUser)}, with its role connections verification URL when asked. */
    static ObjectNode render(JsonMapper mapper, JsonNode stored, @Nullable PartialUser bot, boolean roleConnections) {
        ObjectNode app = mapper.createObjectNode();
        app.put("id", stored.path("id").asString());
        app.put("name", stored.path("name").asString());
        app.set("icon", stored.path("icon"));
        app.put("description", stored.path("description").asString(""));
        // An application's type is set only for the platform's own kinds (games and the like).
        app.putNull("type");
        if (bot != null) {
            app.set("bot", mapper.valueToTree(bot));
        }
        if (roleConnections) {
            app.set("role_connections_verification_url", stored.path("role_connections_verification_url"));
        }
        app.put("is_verified", stored.path("is_verified").asBoolean(false));
        app.put("is_discoverable", stored.path("is_discoverable").asBoolean(false));
        app.put("is_monetized", stored.path("is_monetized").asBoolean(false));
        return app;
    }

    /** The application's id as stored. */
    static Snowflake id(JsonNode stored) {
        return Snowflake.parse(stored.path("id").asString());
    }

    /** The application's bot as stored; null for an application without one. */
    static @Nullable Snowflake botId(JsonNode stored) {
        String botId = stored.path("bot_id").asString("");
        return botId.isEmpty() ? null : Snowflake.parse(botId);
    }
}
