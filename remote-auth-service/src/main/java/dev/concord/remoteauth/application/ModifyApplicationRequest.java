package dev.concord.remoteauth.application;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code PATCH /applications/{id}} by the owner and {@code PATCH /applications/@me} by the bot. Absent
 * fields stay; null clears the nullable ones. Of the flags, only the limited privileged intents may be
 * set ({@link ApplicationFlags#OWNER_SETTABLE}); the others stay as the platform set them.
 *
 * @param icon a {@code data:image/...;base64,} URI; null removes the icon
 * @param type null, or 4 (creator monetization, which the platform calls guild role subscriptions): the one
 *     type its API lets an owner set; the seed's other types are the platform's to give
 * @param integrationTypesConfig by installation context ({@code "0"} guild, {@code "1"} user): its default
 *     install link, or null when the context is not supported
 */
record ModifyApplicationRequest(
        Possible<String> name,
        Possible<Optional<String>> description,
        Possible<Optional<String>> icon,
        Possible<Optional<String>> coverImage,
        Possible<Optional<Integer>> type,
        Possible<List<String>> tags,
        Possible<List<String>> redirectUris,
        Possible<List<String>> rpcOrigins,
        Possible<Optional<String>> interactionsEndpointUrl,
        Possible<Integer> interactionsVersion,
        Possible<List<String>> interactionsEventTypes,
        Possible<Optional<String>> roleConnectionsVerificationUrl,
        Possible<Optional<String>> termsOfServiceUrl,
        Possible<Optional<String>> privacyPolicyUrl,
        Possible<Optional<String>> customInstallUrl,
        Possible<Optional<String>> deeplinkUri,
        Possible<Optional<InstallParams>> installParams,
        Possible<Optional<Map<String, Optional<IntegrationTypeConfig>>>> integrationTypesConfig,
        Possible<Long> flags,
        Possible<Boolean> botPublic,
        Possible<Boolean> botRequireCodeGrant,
        Possible<Optional<String>> eventWebhooksUrl,
        Possible<Integer> eventWebhooksStatus,
        Possible<List<String>> eventWebhooksTypes,
        Possible<Integer> explicitContentFilter)
        implements Violations.Validatable {

    /** One installation context's settings. */
    record IntegrationTypeConfig(
            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            InstallParams oauth2InstallParams) {}

    static final Set<String> INTEGRATION_TYPES = Set.of("0", "1");

    static final int CREATOR_MONETIZATION = 4;

    @Override
    public void validate(Violations violations) {
        violations.notNullIfSent("name", name);
        ApplicationRules.name(violations, name.orNull());
        violations.length("description", Possible.valueOrNull(description), 0, ApplicationRules.DESCRIPTION_MAX);
        DataUriImage.check(violations, "icon", Possible.valueOrNull(icon));
        DataUriImage.check(violations, "cover_image", Possible.valueOrNull(coverImage));
        violations.oneOf("type", Possible.valueOrNull(type), List.of(CREATOR_MONETIZATION));
        violations.notNullIfSent("tags", tags);
        ApplicationRules.tags(violations, tags.orNull());
        violations.notNullIfSent("redirect_uris", redirectUris);
        ApplicationRules.redirectUris(violations, redirectUris.orNull());
        violations.notNullIfSent("rpc_origins", rpcOrigins);
        ApplicationRules.rpcOrigins(violations, rpcOrigins.orNull());
        ApplicationRules.webUrl(violations, "interactions_endpoint_url", Possible.valueOrNull(interactionsEndpointUrl));
        violations.notNullIfSent("interactions_version", interactionsVersion);
        violations.oneOf("interactions_version", interactionsVersion.orNull(), List.of(1, 2));
        violations.notNullIfSent("interactions_event_types", interactionsEventTypes);
        ApplicationRules.eventTypes(violations, "interactions_event_types", interactionsEventTypes.orNull());
        ApplicationRules.webUrl(
                violations, "role_connections_verification_url", Possible.valueOrNull(roleConnectionsVerificationUrl));
        ApplicationRules.webUrl(violations, "terms_of_service_url", Possible.valueOrNull(termsOfServiceUrl));
        ApplicationRules.webUrl(violations, "privacy_policy_url", Possible.valueOrNull(privacyPolicyUrl));
        ApplicationRules.webUrl(violations, "custom_install_url", Possible.valueOrNull(customInstallUrl));
        violations.length("deeplink_uri", Possible.valueOrNull(deeplinkUri), 1, ApplicationRules.URL_MAX);
        InstallParams params = Possible.valueOrNull(installParams);
        if (params != null) {
            params.validate(violations.at("install_params"));
        }
        if (params != null && Possible.valueOrNull(customInstallUrl) != null) {
            violations.add(
                    "custom_install_url",
                    "APPLICATION_INSTALL_PARAMS_AND_CUSTOM_URL",
                    "Only one of install_params and custom_install_url can be set.");
        }
        integrationTypes(violations);
        violations.notNullIfSent("flags", flags);
        violations.flags("flags", flags.orNull(), ApplicationFlags.OWNER_SETTABLE);
        violations.notNullIfSent("bot_public", botPublic);
        violations.notNullIfSent("bot_require_code_grant", botRequireCodeGrant);
        ApplicationRules.webUrl(violations, "event_webhooks_url", Possible.valueOrNull(eventWebhooksUrl));
        violations.notNullIfSent("event_webhooks_status", eventWebhooksStatus);
        violations.oneOf("event_webhooks_status", eventWebhooksStatus.orNull(), List.of(1, 2));
        violations.notNullIfSent("event_webhooks_types", eventWebhooksTypes);
        ApplicationRules.eventTypes(violations, "event_webhooks_types", eventWebhooksTypes.orNull());
        violations.notNullIfSent("explicit_content_filter", explicitContentFilter);
        violations.oneOf("explicit_content_filter", explicitContentFilter.orNull(), List.of(0, 1));
    }

    private void integrationTypes(Violations violations) {
        Map<String, Optional<IntegrationTypeConfig>> config = Possible.valueOrNull(integrationTypesConfig);
        if (config == null) {
            return;
        }
        Violations each = violations.at("integration_types_config");
        config.forEach((type, settings) -> {
            if (!INTEGRATION_TYPES.contains(type)) {
                each.add(type, "APPLICATION_INTEGRATION_TYPE_INVALID", "Unknown integration type.");
            }
            settings.map(IntegrationTypeConfig::oauth2InstallParams)
                    .ifPresent(install -> install.validate(each.at(type).at("oauth2_install_params")));
        });
    }

    private static void notNull(Violations violations, String field, Possible<?> value) {
        violations.notNullIfSent(field, value);
    }

    /** Without image data. */
    @Override
    public String toString() {
        return "ModifyApplicationRequest[name=" + name + "]";
    }
}
