package dev.concord.guild.integrations;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * A guild's integrations (MANAGE_GUILD), a subscriber joining an integration's guild, and the applications
 * integrated in the caller's guilds.
 */
@Configuration(proxyBeanMethods = false)
class IntegrationRoutes {

    private static final String INTEGRATIONS = "/guilds/{guild_id}/integrations";
    private static final String INTEGRATION = INTEGRATIONS + "/{integration_id}";

    @Bean
    RouterFunction<ServerResponse> integrationRouter(
            GuildIntegrations integrations, IntegrationSyncs syncs, IntegrationJoins joins) {
        return RouterFunctions.route()
                .GET(INTEGRATIONS, request -> integrations
                        .list(
                                guild(request),
                                me(request),
                                QueryParams.flag(request, "has_commands"),
                                QueryParams.flag(request, "include_role_connections_metadata"))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().flag("has_commands").flag("include_role_connections_metadata"))
                .POST(INTEGRATIONS, request -> JsonBodies.checked(request, IntegrationCreateRequest.class)
                        .flatMap(body -> integrations.create(guild(request), me(request), body))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(IntegrationCreateRequest.class))
                .POST(INTEGRATION + "/sync", request -> syncs.sync(guild(request), integration(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .PATCH(INTEGRATION, request -> JsonBodies.checked(request, IntegrationModifyRequest.class)
                        .flatMap(body -> integrations.modify(guild(request), integration(request), me(request), body))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(IntegrationModifyRequest.class))
                .DELETE(INTEGRATION, request -> integrations
                        .delete(guild(request), integration(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .POST("/guilds/{guild_id}/migrate-command-scope", request -> integrations
                        .migrateCommandScope(guild(request), me(request))
                        .flatMap(migrated ->
                                ServerResponse.ok().bodyValue(Map.of("integration_ids_with_app_commands", migrated))))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .POST("/integrations/{integration_id}/join", request -> joins.join(integration(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .GET("/users/@me/guilds/integration-application-ids", request -> integrations
                        .applicationIds(me(request))
                        .flatMap(byGuild -> ServerResponse.ok().bodyValue(byGuild)))
                .build();
    }

    private static Snowflake guild(ServerRequest request) {
        return PathIds.snowflake(request, "guild_id");
    }

    private static Snowflake integration(ServerRequest request) {
        return PathIds.snowflake(request, "integration_id");
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.userOrBot(request).userId();
    }
}
