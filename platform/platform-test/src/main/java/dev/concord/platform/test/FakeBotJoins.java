package dev.concord.platform.test;

import dev.concord.platform.permissions.Permission;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link GuildServiceFake}'s bot routes, with guild-service's rules: the person adding a bot must be a
 * member (403 50001) holding MANAGE_GUILD and every permission granted (403 50013); the bot becomes a
 * member with the permissions granted. Integrations are numbered, not stored.
 */
final class FakeBotJoins {

    private final JsonMapper json;
    private final Map<Long, GuildServiceFake.Guild> guilds;
    private final AtomicLong integrations = new AtomicLong(1L << 40);

    FakeBotJoins(JsonMapper json, Map<Long, GuildServiceFake.Guild> guilds) {
        this.json = json;
        this.guilds = guilds;
    }

    /** POST /internal/guilds/{guild.id}/bots. */
    Mono<Void> add(HttpServerRequest request, HttpServerResponse response, JsonNode body) {
        GuildServiceFake.Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
        if (guild == null) {
            return GuildServiceFake.error(response, 404, 10004, "Unknown Guild");
        }
        long adder = Long.parseLong(body.path("user_id").asString());
        long botId = Long.parseLong(body.path("application").path("bot_id").asString());
        long granted = Long.parseLong(body.path("permissions").asString("0"));
        Long held = guild.permissionsOf(adder);
        if (held == null) {
            return GuildServiceFake.error(response, 403, 50001, "Missing Access");
        }
        long effective = (held & Permission.ADMINISTRATOR.bit()) != 0 ? Permission.ALL : held;
        if ((effective & Permission.MANAGE_GUILD.bit()) == 0 || (granted & ~effective) != 0) {
            return GuildServiceFake.error(response, 403, 50013, "Missing Permissions");
        }
        boolean joined = guild.permissionsOf(botId) == null;
        guild.member(botId, granted);
        ObjectNode answer = json.createObjectNode().put("joined", joined);
        ObjectNode integration = answer.putObject("integration")
                .put("id", Long.toString(integrations.incrementAndGet()))
                .put("type", "discord")
                .put("name", body.path("application").path("name").asString());
        integration.set("application", body.path("application").deepCopy());
        integration.set("scopes", body.path("scopes").deepCopy());
        integration.putObject("user").put("id", Long.toString(adder));
        // The guild as GET /guilds/{id} would answer the adder: what a token response shows of it.
        answer.putObject("guild").put("id", request.param("guildId")).put("name", "Guild " + request.param("guildId"));
        return FakeAnswers.json(response, 200, answer.toString());
    }

    /** GET /internal/users/{user.id}/manageable-guilds: the guilds where the user holds MANAGE_GUILD. */
    Mono<Void> manageable(HttpServerRequest request, HttpServerResponse response) {
        long userId = Long.parseLong(request.param("userId"));
        ArrayNode answer = json.createArrayNode();
        guilds.values().stream()
                .sorted(Comparator.comparingLong(GuildServiceFake.Guild::id))
                .forEach(guild -> {
                    Long held = guild.permissionsOf(userId);
                    if (held != null
                            && (held & (Permission.MANAGE_GUILD.bit() | Permission.ADMINISTRATOR.bit())) != 0) {
                        answer.addObject()
                                .put("id", Long.toString(guild.id()))
                                .put("name", "guild" + guild.id())
                                .putNull("icon")
                                .put("permissions", Long.toString(held));
                    }
                });
        return FakeAnswers.json(response, 200, answer.toString());
    }
}
