package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.webhooks.WebhookService.Actor;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code POST /internal/channels/{channel.id}/webhooks}, for remote-auth-service's OAuth2 {@code
 * webhook.incoming} scope (docs/internal-api.md): an incoming webhook of the application, made for the
 * person who consented, who must hold MANAGE_WEBHOOKS in the channel. The answer shows the token and URL,
 * which the token response hands to the application.
 */
@Configuration(proxyBeanMethods = false)
class InternalWebhookRoutes {

    /** Who consented, for which application, and the webhook's name (the application's). */
    record IncomingWebhook(
            @Nullable Snowflake userId,
            @Nullable Snowflake applicationId,
            @Nullable String name) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId).required("application_id", applicationId);
            v.required("name", name);
        }
    }

    @Bean
    RouterFunction<ServerResponse> internalWebhookRouter(WebhookService service) {
        return RouterFunctions.route()
                .POST("/internal/channels/{channel_id}/webhooks", request -> {
                    Snowflake channelId = PathIds.snowflake(request, "channel_id");
                    return JsonBodies.checked(request, IncomingWebhook.class)
                            .flatMap(body -> service.create(
                                    channelId,
                                    new Actor(Objects.requireNonNull(body.userId()), body.applicationId()),
                                    Violations.check(new WebhookCreateRequest(body.name(), Possible.absent()))))
                            .flatMap(webhook -> ServerResponse.ok().bodyValue(webhook));
                })
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(IncomingWebhook.class))
                .build();
    }
}
