package dev.concord.remoteauth.application;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A stored application, as {@link ApplicationStore} reads it. {@code installParams} and
 * {@code integrationTypesConfig} are JSON text, passed through as stored. The client secret's digest is
 * and the signing key are not read here: only a client authenticating and a signed request need them.
 */
record ApplicationRow(
        Snowflake id,
        Snowflake ownerId,
        String name,
        String description,
        @Nullable String icon,
        @Nullable String coverImage,
        @Nullable Integer type,
        long flags,
        String verifyKey,
        @Nullable Snowflake botUserId,
        boolean botPublic,
        boolean botRequireCodeGrant,
        List<String> redirectUris,
        List<String> tags,
        List<String> rpcOrigins,
        @Nullable String interactionsEndpointUrl,
        int interactionsVersion,
        List<String> interactionsEventTypes,
        @Nullable String roleConnectionsVerificationUrl,
        @Nullable String termsOfServiceUrl,
        @Nullable String privacyPolicyUrl,
        @Nullable String customInstallUrl,
        @Nullable String deeplinkUri,
        @Nullable String installParams,
        @Nullable String integrationTypesConfig,
        @Nullable String eventWebhooksUrl,
        int eventWebhooksStatus,
        List<String> eventWebhooksTypes,
        int explicitContentFilter) {

    static final String COLUMNS = "id, owner_id, name, description, icon, cover_image, type, flags, verify_key,"
            + " bot_user_id, bot_public, bot_require_code_grant, redirect_uris, tags, rpc_origins,"
            + " interactions_endpoint_url, interactions_version, interactions_event_types,"
            + " role_connections_verification_url, terms_of_service_url, privacy_policy_url, custom_install_url,"
            + " deeplink_uri, install_params, integration_types_config, event_webhooks_url, event_webhooks_status,"
            + " event_webhooks_types, explicit_content_filter";

    static ApplicationRow read(Readable row) {
        Long bot = row.get("bot_user_id", Long.class);
        return new ApplicationRow(
                Snowflake.of(row.get("id", Long.class)),
                Snowflake.of(row.get("owner_id", Long.class)),
                row.get("name", String.class),
                row.get("description", String.class),
                row.get("icon", String.class),
                row.get("cover_image", String.class),
                row.get("type", Integer.class),
                row.get("flags", Long.class),
                row.get("verify_key", String.class),
                bot == null ? null : Snowflake.of(bot),
                Boolean.TRUE.equals(row.get("bot_public", Boolean.class)),
                Boolean.TRUE.equals(row.get("bot_require_code_grant", Boolean.class)),
                strings(row, "redirect_uris"),
                strings(row, "tags"),
                strings(row, "rpc_origins"),
                row.get("interactions_endpoint_url", String.class),
                row.get("interactions_version", Integer.class),
                strings(row, "interactions_event_types"),
                row.get("role_connections_verification_url", String.class),
                row.get("terms_of_service_url", String.class),
                row.get("privacy_policy_url", String.class),
                row.get("custom_install_url", String.class),
                row.get("deeplink_uri", String.class),
                json(row, "install_params"),
                json(row, "integration_types_config"),
                row.get("event_webhooks_url", String.class),
                row.get("event_webhooks_status", Integer.class),
                strings(row, "event_webhooks_types"),
                row.get("explicit_content_filter", Integer.class));
    }

    private static List<String> strings(Readable row, String column) {
        String[] values = row.get(column, String[].class);
        return values == null ? List.of() : List.of(values);
    }

    private static @Nullable String json(Readable row, String column) {
        Json value = row.get(column, Json.class);
        return value == null ? null : value.asString();
    }

    @Override
    public String toString() {
        return "ApplicationRow[id=" + id + ", owner=" + ownerId + ", bot=" + botUserId + "]";
    }
}
