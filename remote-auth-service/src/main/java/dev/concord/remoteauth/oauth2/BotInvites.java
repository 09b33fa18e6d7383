package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.guilds.GuildBots;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
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
 * The {@code bot} scope: a person adds an application's bot to one of their guilds. Only the owner may
 * add a private bot; guild-service checks the person's MANAGE_GUILD and the permissions they grant, and
 * makes the member, its role and the integration. Without guild-service configured there is nowhere to
 * add a bot, and the scope is refused.
 */
@Component
class BotInvites {

    private final @Nullable GuildBots guilds;
    private final ApplicationClients clients;

    BotInvites(ObjectProvider<GuildBots> guilds, ApplicationClients clients) {
        this.guilds = guilds.getIfAvailable();
        this.clients = clients;
    }

    boolean available() {
        return guilds != null;
    }

    /** The guilds the person may add the bot to, for the consent screen. */
    Mono<List<JsonNode>> guildsFor(Snowflake userId) {
        return Objects.requireNonNull(guilds).manageableGuilds(userId);
    }

    /** 403 50013 for someone else's private bot. */
    static void requireMayAdd(Principal me, ApplicationClients.Client client) {
        if (!client.botPublic() && !client.ownerId().equals(me.userId())) {
            throw ApiErrors.missingPermissions();
        }
    }

    /** Adds the client's bot to the guild for {@code me}: the integration guild-service made or updated. */
    Mono<JsonNode> add(Principal me, ApplicationClients.Client client, BotGrant grant, List<String> scopes) {
        requireMayAdd(me, client);
        return clients.authorized(client.id())
                .flatMap(application -> Objects.requireNonNull(guilds)
                        .add(
                                grant.guildId(),
                                new GuildBots.Authorization(me.userId(), application, grant.permissions(), scopes)))
                .map(added -> added.path("guild"));
    }

    /** Where the bot goes and what its role may do, read from the consent (else from the link's query). */
    record BotGrant(Snowflake guildId, long permissions) {

        static BotGrant read(
                @Nullable Snowflake guildId,
                @Nullable JsonNode permissions,
                @Nullable String queryGuildId,
                @Nullable String queryPermissions) {
            Violations violations = new Violations();
            Snowflake guild = guildId;
            if (guild == null && queryGuildId != null) {
                try {
                    guild = Snowflake.parse(queryGuildId);
                } catch (NumberFormatException e) {
                    violations.add(
                            "guild_id", "NUMBER_TYPE_COERCE", "Value \"" + queryGuildId + "\" is not snowflake.");
                }
            }
            if (guild == null && violations.isEmpty()) {
                violations.required("guild_id", null);
            }
            String sent = permissions == null || permissions.isNull()
                    ? queryPermissions
                    : permissions.isString() ? permissions.asString() : permissions.toString();
            long bits = 0;
            if (sent != null) {
                if (!sent.matches("[0-9]{1,19}")) {
                    violations.add("permissions", "NUMBER_TYPE_COERCE", "Value \"" + sent + "\" is not int.");
                } else {
                    try {
                        bits = Long.parseLong(sent) & Permission.ALL;
                    } catch (NumberFormatException e) {
                        violations.add(
                                "permissions", "NUMBER_TYPE_MAX", "int value should be less than or equal to 2^63-1.");
                    }
                }
            }
            violations.throwIfAny();
            return new BotGrant(Objects.requireNonNull(guild), bits);
        }
    }
}
