package dev.concord.webhook.webhooks;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.webhook.webhooks.WebhookService.Actor;
import java.util.Objects;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for webhooks: managed by people and bots holding MANAGE_WEBHOOKS, or with the webhook's token. */
@Component
final class WebhookHandler {

    /**
     * An avatar of up to 10 MiB arrives as base64 in a data URI: these bodies may be that large; every
     * other route keeps the platform's 1 MiB ({@link JsonBodies#DEFAULT_MAX_BYTES}).
     */
    static final int MAX_BODY_BYTES = 14 * 1024 * 1024;

    private final WebhookService service;

    WebhookHandler(WebhookService service) {
        this.service = service;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Actor actor = actor(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, WebhookCreateRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> service.create(channelId, actor, body))
                .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
    }

    /** {@code POST /channels/{id}/followers}: the followed channel and the webhook made for it. */
    Mono<ServerResponse> follow(ServerRequest request) {
        Actor actor = actor(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, FollowRequest.class)
                .flatMap(body -> service.follow(channelId, actor, Objects.requireNonNull(body.webhookChannelId())))
                .flatMap(followed -> ServerResponse.ok().bodyValue(followed));
    }

    Mono<ServerResponse> inChannel(ServerRequest request) {
        Actor actor = actor(request);
        return service.inChannel(PathIds.snowflake(request, "channel_id"), actor)
                .flatMap(webhooks -> ServerResponse.ok().bodyValue(webhooks));
    }

    Mono<ServerResponse> inGuild(ServerRequest request) {
        Actor actor = actor(request);
        return service.inGuild(PathIds.snowflake(request, "guild_id"), actor)
                .flatMap(webhooks -> ServerResponse.ok().bodyValue(webhooks));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Actor actor = actor(request);
        return service.get(webhookId(request), actor)
                .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
    }

    Mono<ServerResponse> getByToken(ServerRequest request) {
        return service.getByToken(webhookId(request), token(request))
                .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Actor actor = actor(request);
        Snowflake id = webhookId(request);
        return JsonBodies.checked(request, WebhookModifyRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> service.modify(id, actor, body))
                .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
    }

    Mono<ServerResponse> modifyByToken(ServerRequest request) {
        Snowflake id = webhookId(request);
        String token = token(request);
        return JsonBodies.checked(request, WebhookModifyRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> service.modifyByToken(id, token, body))
                .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Actor actor = actor(request);
        return service.delete(webhookId(request), actor)
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> deleteByToken(ServerRequest request) {
        return service.deleteByToken(webhookId(request), token(request))
                .then(ServerResponse.noContent().build());
    }

    /** A person, or a bot acting for its application. */
    private static Actor actor(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return new Actor(me.userId(), me.isBot() ? me.applicationId() : null);
    }

    private static Snowflake webhookId(ServerRequest request) {
        return PathIds.snowflake(request, "webhook_id");
    }

    private static String token(ServerRequest request) {
        return request.pathVariable("webhook_token");
    }
}
