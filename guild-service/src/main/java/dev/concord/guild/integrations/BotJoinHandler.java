package dev.concord.guild.integrations;

import dev.concord.guild.guilds.GuildObjects;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import java.util.Map;
import java.util.Objects;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code POST /internal/guilds/{guild.id}/bots} (docs/internal-api.md): remote-auth-service adding a bot
 * that a person authorized; the answer carries the guild as the person reads it after (the bot's role
 * among its roles), which the OAuth2 token response of a bot's code grant shows. Internal: only the
 * internal secret reaches {@code /internal/**}.
 */
@Configuration(proxyBeanMethods = false)
class BotJoinHandler {

    @Bean
    RouterFunction<ServerResponse> botJoinRouter(BotJoins joins, GuildObjects guilds) {
        return RouterFunctions.route()
                .POST("/internal/guilds/{guild_id}/bots", request -> {
                    Snowflake guildId = PathIds.snowflake(request, "guild_id");
                    return JsonBodies.checked(request, BotJoinRequest.class).flatMap(body -> joins.add(guildId, body)
                            // After the join committed: the guild then has the bot's role.
                            .flatMap(added -> guilds.asReadBy(guildId, Objects.requireNonNull(body.userId()))
                                    .flatMap(guild -> ServerResponse.ok()
                                            .bodyValue(Map.of(
                                                    "integration", added.integration(),
                                                    "joined", added.joined(),
                                                    "guild", guild)))));
                })
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(BotJoinRequest.class))
                .build();
    }
}
