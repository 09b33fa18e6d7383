package dev.concord.guild.integrations;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A row of {@code integrations}: an application's ({@code application} set) or a streaming account's
 * (with its subscriber role and sync settings); {@code inserted} says whether the statement that returned
 * it made it.
 */
record IntegrationRow(
        Snowflake id,
        Snowflake guildId,
        String type,
        String name,
        boolean enabled,
        String accountId,
        String accountName,
        @Nullable JsonNode application,
        List<String> scopes,
        @Nullable Snowflake userId,
        Streaming streaming,
        boolean inserted) {

    /** What only a streaming account's integration uses. */
    record Streaming(
            @Nullable Snowflake roleId,
            boolean syncing,
            boolean enableEmoticons,
            int expireBehavior,
            int expireGracePeriod,
            @Nullable Instant syncedAt,
            int subscriberCount,
            boolean revoked) {}

    static IntegrationRow read(Readable row, JsonMapper mapper) {
        String application = row.get("application", String.class);
        String[] scopes = row.get("scopes", String[].class);
        Boolean inserted = row.get("inserted", Boolean.class);
        return new IntegrationRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "guild_id"),
                String.valueOf(row.get("type", String.class)),
                String.valueOf(row.get("name", String.class)),
                Columns.bool(row, "enabled"),
                String.valueOf(row.get("account_id", String.class)),
                String.valueOf(row.get("account_name", String.class)),
                application == null ? null : mapper.readTree(application),
                scopes == null ? List.of() : List.of(scopes),
                Columns.snowflake(row, "user_id"),
                new Streaming(
                        Columns.snowflake(row, "role_id"),
                        Columns.bool(row, "syncing"),
                        Columns.bool(row, "enable_emoticons"),
                        Columns.integer(row, "expire_behavior"),
                        Columns.integer(row, "expire_grace_period"),
                        Columns.instant(row, "synced_at"),
                        Columns.integer(row, "subscriber_count"),
                        Columns.bool(row, "revoked")),
                Boolean.TRUE.equals(inserted));
    }

    /** The streaming service of a streaming account's integration; null for an application's. */
    @Nullable
    StreamingService service() {
        return application == null ? StreamingService.named(type) : null;
    }

    /**
     * The integration object as the platform sends it: an application's has its {@code application}
     * (with the bot as a partial user) and {@code scopes}; a streaming account's its role and sync
     * settings ({@code enable_emoticons} for a livestream only, {@code synced_at} once synced); {@code user}
     * is who added it.
     */
    ObjectNode toJson(JsonMapper mapper, Map<Snowflake, PartialUser> users) {
        return toJson(mapper, users, null);
    }

    /**
     * As {@link #toJson(JsonMapper, Map)}; given {@code roleConnections} (the list's
     * {@code include_role_connections_metadata}: each application's metadata), an application's also has its
     * {@code role_connections_metadata}, empty when the application declared none, and verification URL.
     */
    ObjectNode toJson(
            JsonMapper mapper, Map<Snowflake, PartialUser> users, @Nullable Map<Snowflake, JsonNode> roleConnections) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", id.asString());
        json.put("name", name);
        json.put("type", type);
        json.put("enabled", enabled);
        json.putObject("account").put("id", accountId).put("name", accountName);
        if (application != null) {
            Snowflake botId = botId();
            json.set(
                    "application",
                    IntegrationApplications.render(
                            mapper, application, botId == null ? null : users.get(botId), roleConnections != null));
            json.set("scopes", mapper.valueToTree(scopes));
            if (roleConnections != null) {
                JsonNode declared = roleConnections.get(applicationId());
                json.set("role_connections_metadata", declared == null ? mapper.createArrayNode() : declared);
            }
        }
        StreamingService service = service();
        if (service != null) {
            Snowflake roleId = streaming.roleId();
            Instant syncedAt = streaming.syncedAt();
            json.put("syncing", streaming.syncing());
            json.put("role_id", roleId == null ? null : roleId.asString());
            if (service.hasEmoticons()) {
                json.put("enable_emoticons", streaming.enableEmoticons());
            }
            json.put("expire_behavior", streaming.expireBehavior());
            json.put("expire_grace_period", streaming.expireGracePeriod());
            if (syncedAt != null) {
                json.set("synced_at", mapper.valueToTree(syncedAt));
            }
            json.put("subscriber_count", streaming.subscriberCount());
            json.put("revoked", streaming.revoked());
        }
        PartialUser user = userId == null ? null : users.get(userId);
        if (user != null) {
            json.set("user", mapper.valueToTree(user));
        }
        return json;
    }

    /** The users {@link #toJson} shows: who added it and an application's bot. */
    List<Snowflake> shownUsers() {
        Snowflake bot = botId();
        if (userId == null) {
            return bot == null ? List.of() : List.of(bot);
        }
        return bot == null ? List.of(userId) : List.of(userId, bot);
    }

    /** The application's id, for an application's integration. */
    @Nullable
    Snowflake applicationId() {
        return application == null ? null : IntegrationApplications.id(application);
    }

    /** The application's bot, for an application's integration. */
    @Nullable
    Snowflake botId() {
        return application == null ? null : IntegrationApplications.botId(application);
    }
}
