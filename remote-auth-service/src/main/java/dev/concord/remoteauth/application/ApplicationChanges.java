package dev.concord.remoteauth.application;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import dev.concord.platform.web.image.Image;
import dev.concord.remoteauth.image.ImageStore;
import dev.concord.remoteauth.store.ColumnChanges;
import io.r2dbc.postgresql.codec.Json;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a PATCH into the columns it changes after checking what needs the application's current state
 * (the rules between fields, the interactions endpoint against a live PING), stores new images, and
 * writes. Answers {@code current} itself when nothing changed: no write, no event.
 */
@Component
class ApplicationChanges {

    private final ApplicationStore applications;
    private final ImageStore images;
    private final InteractionsEndpointCheck endpoints;
    private final JsonMapper mapper;

    ApplicationChanges(
            ApplicationStore applications, ImageStore images, InteractionsEndpointCheck endpoints, JsonMapper mapper) {
        this.applications = applications;
        this.images = images;
        this.endpoints = endpoints;
        this.mapper = mapper;
    }

    /**
     * What must hold before anything is written: the rules between fields, and a new interactions
     * endpoint answering the PINGs (outside any transaction: it waits on someone else's server).
     */
    Mono<Void> check(ApplicationRow current, ModifyApplicationRequest request) {
        return Mono.defer(() -> {
            checkAgainst(current, request);
            String endpoint = Possible.valueOrNull(request.interactionsEndpointUrl());
            return endpoint == null || endpoint.equals(current.interactionsEndpointUrl())
                    ? Mono.<Void>empty()
                    : applications
                            .signingKey(current.id())
                            .flatMap(key -> endpoints.verify(endpoint, current.id(), key));
        });
    }

    /** Writes what the PATCH changes, once {@link #check} passed. */
    Mono<ApplicationRow> apply(ApplicationRow current, ModifyApplicationRequest request) {
        Optional<Image> icon = decode(Possible.valueOrNull(request.icon()));
        Optional<Image> cover = decode(Possible.valueOrNull(request.coverImage()));
        ColumnChanges changes = columns(current, request, icon, cover);
        if (changes.isEmpty()) {
            return Mono.just(current);
        }
        return storeImage(current, ImageStore.Kind.ICON, request.icon().isPresent(), icon)
                .then(storeImage(
                        current,
                        ImageStore.Kind.COVER_IMAGE,
                        request.coverImage().isPresent(),
                        cover))
                .then(applications.update(current.id(), changes));
    }

    private ColumnChanges columns(
            ApplicationRow current, ModifyApplicationRequest request, Optional<Image> icon, Optional<Image> cover) {
        ColumnChanges changes = new ColumnChanges()
                .set("name", request.name().map(String::strip).orElse(current.name()), current.name(), String.class)
                .set(
                        "description",
                        request.description().isPresent()
                                ? request.description().get().orElse("")
                                : current.description(),
                        current.description(),
                        String.class)
                .set(
                        "icon",
                        request.icon().isPresent() ? icon.map(Image::hash).orElse(null) : current.icon(),
                        current.icon(),
                        String.class)
                .set(
                        "cover_image",
                        request.coverImage().isPresent()
                                ? cover.map(Image::hash).orElse(null)
                                : current.coverImage(),
                        current.coverImage(),
                        String.class)
                .set("type", Possible.patch(request.type(), current.type()), current.type(), Integer.class)
                .set("tags", array(request.tags(), current.tags()), array(current.tags()), String[].class)
                .set(
                        "redirect_uris",
                        array(request.redirectUris(), current.redirectUris()),
                        array(current.redirectUris()),
                        String[].class)
                .set(
                        "rpc_origins",
                        array(request.rpcOrigins(), current.rpcOrigins()),
                        array(current.rpcOrigins()),
                        String[].class)
                .set(
                        "interactions_endpoint_url",
                        Possible.patch(request.interactionsEndpointUrl(), current.interactionsEndpointUrl()),
                        current.interactionsEndpointUrl(),
                        String.class)
                .set(
                        "interactions_version",
                        request.interactionsVersion().orElse(current.interactionsVersion()),
                        current.interactionsVersion(),
                        Integer.class)
                .set(
                        "interactions_event_types",
                        array(request.interactionsEventTypes(), current.interactionsEventTypes()),
                        array(current.interactionsEventTypes()),
                        String[].class)
                .set(
                        "role_connections_verification_url",
                        Possible.patch(
                                request.roleConnectionsVerificationUrl(), current.roleConnectionsVerificationUrl()),
                        current.roleConnectionsVerificationUrl(),
                        String.class)
                .set(
                        "terms_of_service_url",
                        Possible.patch(request.termsOfServiceUrl(), current.termsOfServiceUrl()),
                        current.termsOfServiceUrl(),
                        String.class)
                .set(
                        "privacy_policy_url",
                        Possible.patch(request.privacyPolicyUrl(), current.privacyPolicyUrl()),
                        current.privacyPolicyUrl(),
                        String.class)
                .set(
                        "custom_install_url",
                        Possible.patch(request.customInstallUrl(), current.customInstallUrl()),
                        current.customInstallUrl(),
                        String.class)
                .set(
                        "deeplink_uri",
                        Possible.patch(request.deeplinkUri(), current.deeplinkUri()),
                        current.deeplinkUri(),
                        String.class)
                .set(
                        "flags",
                        request.flags().isPresent()
                                ? (current.flags() & ~ApplicationFlags.OWNER_SETTABLE)
                                        | request.flags().get()
                                : current.flags(),
                        current.flags(),
                        Long.class)
                .set("bot_public", request.botPublic().orElse(current.botPublic()), current.botPublic(), Boolean.class)
                .set(
                        "bot_require_code_grant",
                        request.botRequireCodeGrant().orElse(current.botRequireCodeGrant()),
                        current.botRequireCodeGrant(),
                        Boolean.class)
                .set(
                        "event_webhooks_url",
                        Possible.patch(request.eventWebhooksUrl(), current.eventWebhooksUrl()),
                        current.eventWebhooksUrl(),
                        String.class)
                .set(
                        "event_webhooks_status",
                        request.eventWebhooksStatus().orElse(current.eventWebhooksStatus()),
                        current.eventWebhooksStatus(),
                        Integer.class)
                .set(
                        "event_webhooks_types",
                        array(request.eventWebhooksTypes(), current.eventWebhooksTypes()),
                        array(current.eventWebhooksTypes()),
                        String[].class)
                .set(
                        "explicit_content_filter",
                        request.explicitContentFilter().orElse(current.explicitContentFilter()),
                        current.explicitContentFilter(),
                        Integer.class);
        json(changes, "install_params", request.installParams(), current.installParams());
        json(changes, "integration_types_config", request.integrationTypesConfig(), current.integrationTypesConfig());
        return changes;
    }

    /** The rules between fields, on the state the PATCH would leave. */
    private static void checkAgainst(ApplicationRow current, ModifyApplicationRequest request) {
        Violations violations = new Violations();
        int version = request.interactionsVersion().orElse(current.interactionsVersion());
        List<String> eventTypes = request.interactionsEventTypes().orElse(current.interactionsEventTypes());
        if (!eventTypes.isEmpty() && version != 2) {
            violations.add(
                    "interactions_event_types",
                    "APPLICATION_INTERACTIONS_VERSION_REQUIRED",
                    "Event types can only be sent to an interactions endpoint of version 2.");
        }
        int status = request.eventWebhooksStatus().orElse(current.eventWebhooksStatus());
        String url = Possible.patch(request.eventWebhooksUrl(), current.eventWebhooksUrl());
        if (status == 2 && url == null) {
            violations.add("event_webhooks_url", "BASE_TYPE_REQUIRED", "This field is required");
        }
        violations.throwIfAny();
    }

    /** A JSON column: compared as the text it would store. */
    private void json(
            ColumnChanges changes, String column, Possible<? extends Optional<?>> sent, @Nullable String current) {
        if (!sent.isPresent()) {
            return;
        }
        Object value = sent.get().orElse(null);
        String text = value == null ? null : mapper.writeValueAsString(value);
        if (!Objects.equals(text, current)) {
            changes.put(column, text == null ? null : Json.of(text), Json.class);
        }
    }

    private Mono<Void> storeImage(ApplicationRow current, ImageStore.Kind kind, boolean sent, Optional<Image> image) {
        if (!sent) {
            return Mono.empty();
        }
        return image.isPresent()
                ? images.put(current.id(), kind, image.get()).then()
                : images.remove(current.id(), kind);
    }

    private static String[] array(Possible<List<String>> sent, List<String> current) {
        return sent.orElse(current).toArray(String[]::new);
    }

    private static String[] array(List<String> current) {
        return current.toArray(String[]::new);
    }

    private static Optional<Image> decode(@Nullable String dataUri) {
        return dataUri == null ? Optional.empty() : Optional.of(DataUriImage.decode(dataUri));
    }
}
