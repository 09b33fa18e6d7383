package dev.concord.webhook.messages;

import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.webhook.messages.AutoModerationRequests.AlertAction;
import dev.concord.webhook.messages.AutoModerationRequests.FalseAlarm;
import dev.concord.webhook.messages.AutoModerationRequests.Incident;
import java.util.Objects;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * guild-service's calls for the auto moderation endpoints it answers (docs/internal-api.md): it checked the
 * moderator's MANAGE_GUILD, and the messages those endpoints change are stored here. Each answers 204.
 */
@Configuration(proxyBeanMethods = false)
class InternalAutoModerationRoutes {

    static final String BASE = "/internal/guilds/{guild_id}/auto-moderation";

    @Bean
    RouterFunction<ServerResponse> internalAutoModerationRouter(AutoModerationMessages alerts) {
        return RouterFunctions.route()
                .POST(BASE + "/alert-actions", request -> JsonBodies.checked(request, AlertAction.class)
                        .flatMap(body -> alerts.executeAlertAction(
                                PathIds.snowflake(request, "guild_id"),
                                Objects.requireNonNull(body.channelId()),
                                Objects.requireNonNull(body.messageId()),
                                Objects.requireNonNull(body.alertActionType()),
                                Objects.requireNonNull(body.userId())))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(AlertAction.class))
                .POST(BASE + "/false-alarms", request -> JsonBodies.checked(request, FalseAlarm.class)
                        .flatMap(body -> alerts.resolveFalseAlarm(
                                PathIds.snowflake(request, "guild_id"),
                                Objects.requireNonNull(body.alertMessageId()),
                                Objects.requireNonNull(body.reason())))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(FalseAlarm.class))
                .POST(BASE + "/incidents", request -> JsonBodies.checked(request, Incident.class)
                        .flatMap(body -> alerts.postIncident(
                                PathIds.snowflake(request, "guild_id"),
                                Objects.requireNonNull(body.channelId()),
                                Objects.requireNonNull(body.userId()),
                                IncidentEmbeds.RAID,
                                Objects.requireNonNull(body.raidType()),
                                Objects.requireNonNull(body.raidDatetime()),
                                null))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(Incident.class))
                .DELETE(BASE + "/mention-raid", request -> alerts.clearMentionRaid(
                                PathIds.snowflake(request, "guild_id"))
                        .then(ServerResponse.noContent().build()))
                .build();
    }
}
