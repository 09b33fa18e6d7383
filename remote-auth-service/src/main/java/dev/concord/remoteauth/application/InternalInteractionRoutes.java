package dev.concord.remoteauth.application;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.Violations;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /internal/applications/{application.id}/interactions} (docs/internal-api.md): webhook-service
 * hands over an interaction to deliver ({@link InteractionDelivery}). {@code /internal/**} takes only the
 * services' shared secret, and the edge never routes it.
 */
@Configuration(proxyBeanMethods = false)
class InternalInteractionRoutes {

    /**
     * What is checked of the interaction before it goes out: that it is one (its id, type and token) of
     * this application. Everything else passes to the application as webhook-service wrote it.
     */
    record Interaction(
            @Nullable Snowflake id,
            @Nullable Snowflake applicationId,
            @Nullable Integer type,
            @Nullable String token) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("id", id).required("application_id", applicationId).required("type", type);
            v.required("token", token);
        }
    }

    @Bean
    RouterFunction<ServerResponse> internalInteractionRouter(InteractionDelivery delivery) {
        return route().POST("/internal/applications/{application_id}/interactions", request -> {
                    Snowflake applicationId = PathIds.snowflake(request, "application_id");
                    return JsonBodies.required(request, JsonNode.class)
                            .flatMap(body -> {
                                byte[] bytes =
                                        Json.mapper().writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
                                Interaction interaction = JsonBodies.checked(bytes, Interaction.class);
                                if (!applicationId.equals(interaction.applicationId())) {
                                    throw new Violations()
                                            .add(
                                                    "application_id",
                                                    "APPLICATION_MISMATCH",
                                                    "The interaction is another application's.")
                                            .toException();
                                }
                                // The whole body, not only the fields checked, is what the application gets.
                                return delivery.deliver(applicationId, bytes);
                            })
                            .flatMap(answer -> ServerResponse.ok().bodyValue(answer));
                })
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(Interaction.class))
                .build();
    }
}
