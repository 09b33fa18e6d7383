package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.guilds.GroupDmApplications;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.application.ApplicationClients;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code applications.commands} with a {@code channel_id}: a person adds an application to one of their
 * group DMs, as the platform's "add app to group DM" does, so its commands may be used there. guild-service
 * keeps group DMs and checks that the person is a recipient; no bot joins the group. Without guild-service
 * configured there is no group DM to add it to, and the channel is refused.
 */
@Component
class GroupDmInvites {

    static final String FIELD = "channel_id";

    private final @Nullable GroupDmApplications groupDms;
    private final ApplicationClients clients;

    GroupDmInvites(ObjectProvider<GroupDmApplications> groupDms, ApplicationClients clients) {
        this.groupDms = groupDms.getIfAvailable();
        this.clients = clients;
    }

    /**
     * The group DM the consent names (its {@code channel_id}, else the link's), checked against the scopes:
     * null when it names none. 50035 naming {@code channel_id} for a malformed id, for scopes without
     * {@code applications.commands} or with {@code bot} (a bot goes to a guild), or when there is nowhere to
     * add it.
     */
    @Nullable
    Snowflake channelOf(@Nullable Snowflake decided, @Nullable String queried, List<String> scopes) {
        Snowflake channelId = decided;
        if (channelId == null && queried != null) {
            try {
                channelId = Snowflake.parse(queried);
            } catch (NumberFormatException e) {
                throw refusal("NUMBER_TYPE_COERCE", "Value \"" + queried + "\" is not snowflake.");
            }
        }
        if (channelId == null) {
            return null;
        }
        if (!scopes.contains(OAuth2Scopes.APPLICATIONS_COMMANDS) || scopes.contains(OAuth2Scopes.BOT)) {
            throw refusal(
                    "BASE_TYPE_INVALID",
                    "A group DM takes an application with the applications.commands scope and without a bot.");
        }
        if (groupDms == null) {
            throw refusal("OAUTH2_SCOPE_UNAVAILABLE", "Adding an application to a group DM is not available here.");
        }
        return channelId;
    }

    /**
     * Adds the client's application to the group DM for {@code me} (or updates the scopes it has there): the
     * integration guild-service made or updated. A channel that is not a group DM they are in is 50035
     * naming {@code channel_id}: the consent named a wrong channel, whichever it is.
     */
    Mono<JsonNode> add(Principal me, ApplicationClients.Client client, Snowflake channelId, List<String> scopes) {
        return clients.authorized(client.id())
                .flatMap(application -> Objects.requireNonNull(groupDms)
                        .add(channelId, new GroupDmApplications.Authorization(me.userId(), application, scopes)))
                .onErrorMap(
                        error -> error instanceof ApiException api && api.code() == Unknown.CHANNEL.code(),
                        error -> refusal("CHANNEL_INVALID", "Unknown group DM, or not one of yours."))
                .map(added -> added.path("integration"));
    }

    private static ApiException refusal(String code, String message) {
        return new Violations().add(FIELD, code, message).toException();
    }
}
