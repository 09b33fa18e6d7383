package dev.concord.guild.integrations;

import dev.concord.guild.PermissionField;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.WebUrls;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /internal/guilds/{guild.id}/bots}: a person ({@code user_id}) authorized an
 * application's bot for the guild through OAuth2, with these permissions for its role and these scopes.
 * remote-auth-service owns applications and sends what the integration shows of one.
 */
record BotJoinRequest(
        @Nullable Snowflake userId,
        @Nullable IntegrationApplication application,
        Possible<JsonNode> permissions,
        @Nullable List<String> scopes)
        implements Violations.Validatable {

    /** The most scopes one authorization names; the platform has fewer than this. */
    static final int MAX_SCOPES = 50;

    /** The application as its integration shows it, and its bot user. */
    record IntegrationApplication(
            @Nullable Snowflake id,
            @Nullable String name,
            @Nullable String icon,
            @Nullable String description,
            @Nullable Snowflake botId,
            @Nullable Boolean isVerified,
            @Nullable Boolean isDiscoverable,
            @Nullable Boolean isMonetized,
            @Nullable String roleConnectionsVerificationUrl) {

        /** Its fields' limits, reported under {@code app} (the body's {@code application}). */
        void validate(Violations app) {
            app.required("id", id);
            app.required("name", name);
            app.length("name", name, 1, 100);
            app.length("description", description, 0, 400);
            // The rule remote-auth-service holds the application's URL to.
            WebUrls.check(app, "role_connections_verification_url", roleConnectionsVerificationUrl);
        }
    }

    @Override
    public void validate(Violations v) {
        v.required("user_id", userId);
        v.required("application", application);
        if (application != null) {
            application.validate(v.at("application"));
            // Only an application with a bot joins a guild.
            v.at("application").required("bot_id", application.botId());
        }
        v.notNullIfSent("permissions", permissions);
        PermissionField.validate(v, "permissions", permissions);
        v.required("scopes", scopes);
        v.maxItems("scopes", scopes, MAX_SCOPES);
    }

    long permissionBits() {
        return PermissionField.bits(permissions);
    }
}
