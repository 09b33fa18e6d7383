package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /internal/channels/{channel.id}/integrations}: a recipient ({@code user_id})
 * authorized an application in the group DM through OAuth2 with these scopes ({@code applications.commands}
 * among them). The application is as remote-auth-service, its owner, sends it; {@code bot_id} only when
 * it has a bot.
 */
record GroupDmIntegrationRequest(
        @Nullable Snowflake userId,
        BotJoinRequest.@Nullable IntegrationApplication application,
        @Nullable List<String> scopes)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("user_id", userId);
        v.required("application", application);
        if (application != null) {
            application.validate(v.at("application"));
        }
        v.required("scopes", scopes);
        v.maxItems("scopes", scopes, BotJoinRequest.MAX_SCOPES);
        if (scopes != null) {
            for (int i = 0; i < scopes.size(); i++) {
                String scope = scopes.get(i);
                if (scope == null || scope.isEmpty() || scope.length() > 100) {
                    v.at("scopes")
                            .add(Integer.toString(i), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
                }
            }
        }
        if (scopes != null && !scopes.contains(IntegrationStore.COMMANDS_SCOPE)) {
            // The platform adds an application to a group DM only for its commands.
            v.add("scopes", "BASE_TYPE_INVALID", "Must include " + IntegrationStore.COMMANDS_SCOPE + ".");
        }
    }
}
