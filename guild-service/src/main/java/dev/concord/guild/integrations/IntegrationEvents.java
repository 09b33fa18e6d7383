package dev.concord.guild.integrations;

import static dev.concord.platform.events.EventTypes.GUILD_INTEGRATIONS_UPDATE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_CREATE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_DELETE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * Integration events on {@code guild.events}: a guild's to its members who may manage it (the integrations
 * are theirs to see: {@code GET /guilds/{id}/integrations} needs MANAGE_GUILD), keyed by the guild; a group
 * DM's to its recipients (any of them lists them), keyed by the channel.
 */
final class IntegrationEvents {

    private IntegrationEvents() {}

    /** INTEGRATION_CREATE, or INTEGRATION_UPDATE for an application authorized again: the integration and its guild. */
    static DomainEvent put(Snowflake guildId, ObjectNode integration, boolean created) {
        return new DomainEvent(
                created ? INTEGRATION_CREATE : INTEGRATION_UPDATE,
                guildId.asString(),
                managers(guildId),
                integration.put("guild_id", guildId.asString()));
    }

    /**
     * INTEGRATION_DELETE: which integration of the guild is gone and, for an application's, the
     * application's id (webhook-service deletes that application's webhooks in the guild on it).
     */
    static DomainEvent delete(IntegrationRow integration, @Nullable Snowflake applicationId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", integration.id());
        data.put("guild_id", integration.guildId());
        if (applicationId != null) {
            data.put("application_id", applicationId);
        }
        return new DomainEvent(
                INTEGRATION_DELETE, integration.guildId().asString(), managers(integration.guildId()), data);
    }

    /**
     * INTEGRATION_CREATE, or INTEGRATION_UPDATE for an application authorized again, of a group DM: the
     * integration and {@code channel_id} in place of {@code guild_id}, to the group's recipients.
     */
    static DomainEvent channelPut(
            Snowflake channelId, ObjectNode integration, boolean created, List<Snowflake> recipients) {
        return new DomainEvent(
                created ? INTEGRATION_CREATE : INTEGRATION_UPDATE,
                channelId.asString(),
                Audience.users(recipients),
                integration.put("channel_id", channelId.asString()));
    }

    /** INTEGRATION_DELETE of a group DM: {@code {"id", "channel_id", "application_id"}}, to its recipients. */
    static DomainEvent channelDelete(GroupDmIntegrationRow integration, List<Snowflake> recipients) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", integration.id());
        data.put("channel_id", integration.channelId());
        data.put("application_id", integration.applicationId());
        return new DomainEvent(
                INTEGRATION_DELETE, integration.channelId().asString(), Audience.users(recipients), data);
    }

    /** GUILD_INTEGRATIONS_UPDATE: the guild's integrations changed; clients fetch them again. */
    static DomainEvent guildIntegrationsUpdate(Snowflake guildId) {
        return new DomainEvent(
                GUILD_INTEGRATIONS_UPDATE, guildId.asString(), managers(guildId), Map.of("guild_id", guildId));
    }

    private static Audience managers(Snowflake guildId) {
        return new Audience(null, guildId, null, Permission.MANAGE_GUILD.name());
    }
}
