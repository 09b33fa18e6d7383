package dev.concord.guild.automod;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The auto moderation endpoints: a guild's rules and their validation, its incident actions, what
 * moderators do about alerts and raids ({@link AlertActions}), and the internal read of its enabled rules for the service that enforces them ({@code /internal/**} takes only
 * the internal credential).
 */
@Configuration(proxyBeanMethods = false)
class AutoModerationRoutes {

    private static final String AUTOMOD = "/guilds/{guild_id}/auto-moderation";
    private static final String RULES = AUTOMOD + "/rules";
    private static final String RULE = RULES + "/{rule_id}";

    @Bean
    RouterFunction<ServerResponse> autoModerationRouter(
            AutoModerationRules rules, IncidentActions incidents, AlertActions alerts) {
        return RouterFunctions.route()
                .GET(RULES, request -> rules.list(guild(request), me(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .POST(RULES + "/validate", request -> JsonBodies.checked(request, RuleValidateRequest.class)
                        .flatMap(body -> rules.validate(guild(request), me(request), body))
                        .flatMap(metadata -> ServerResponse.ok().bodyValue(Map.of("trigger_metadata", metadata))))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RuleValidateRequest.class))
                .POST(RULES, request -> JsonBodies.checked(request, RuleCreateRequest.class)
                        .flatMap(body -> rules.create(guild(request), me(request), body))
                        .flatMap(rule -> ServerResponse.ok().bodyValue(rule)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RuleCreateRequest.class))
                .GET(RULE, request -> rules.get(guild(request), rule(request), me(request))
                        .flatMap(rule -> ServerResponse.ok().bodyValue(rule)))
                .PATCH(RULE, request -> JsonBodies.checked(request, RuleModifyRequest.class)
                        .flatMap(body -> rules.modify(guild(request), rule(request), me(request), body))
                        .flatMap(rule -> ServerResponse.ok().bodyValue(rule)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RuleModifyRequest.class))
                .DELETE(RULE, request -> rules.delete(guild(request), rule(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .PUT("/guilds/{guild_id}/incident-actions", request -> JsonBodies.checked(
                                request, IncidentActionsRequest.class)
                        .flatMap(body -> incidents.put(guild(request), me(request), body))
                        .flatMap(data -> ServerResponse.ok().bodyValue(data)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(IncidentActionsRequest.class))
                .POST(AUTOMOD + "/alert-action", request -> JsonBodies.checked(request, AlertActionRequest.class)
                        .flatMap(body -> alerts.execute(guild(request), me(request), body))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(AlertActionRequest.class))
                .POST(AUTOMOD + "/false-alarm", request -> JsonBodies.checked(request, FalseAlarmRequest.class)
                        .flatMap(body -> alerts.falseAlarm(guild(request), me(request), body))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(FalseAlarmRequest.class))
                .POST(AUTOMOD + "/report-raid", request -> alerts.reportRaid(guild(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .POST(AUTOMOD + "/clear-mention-raid", request -> alerts.clearMentionRaid(guild(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .GET("/internal/guilds/{guild_id}/auto-moderation/rules", request -> rules.enabled(guild(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .build();
    }

    private static Snowflake guild(ServerRequest request) {
        return PathIds.snowflake(request, "guild_id");
    }

    private static Snowflake rule(ServerRequest request) {
        return PathIds.snowflake(request, "rule_id");
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.userOrBot(request).userId();
    }
}
