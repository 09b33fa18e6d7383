package dev.concord.guild.internal;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.JsonNode;

/** The client other services use, against the real internal API, dropping answers on real guild events. */
class GuildAuthorizationIT extends GuildApiSupport {

    static final Duration WAIT = Duration.ofSeconds(10);

    GuildAuthorization client() {
        return new GuildAuthorization(
                WebClient.builder().baseUrl("http://127.0.0.1:" + port).build(),
                TestTokenKeys.internalSecret(),
                Duration.ofMinutes(5),
                10_000,
                Duration.ofSeconds(5));
    }

    @Test
    void answersComeFromGuildServiceAndAGuildEventDropsThem() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        String guildId =
                createGuild(owner, "{\"name\": \"Client\"}").body().get("id").asString();
        Snowflake guild = Snowflake.parse(guildId);
        addMember(guildId, member);
        GuildAuthorization authorization = client();

        assertThat(authorization.isMember(guild, member).block(WAIT)).isTrue();
        assertThat(authorization.isMember(guild, newUser("stranger")).block(WAIT))
                .isFalse();
        assertThat(authorization.members(guild).block(WAIT)).containsExactly(owner, member);
        assertThat(authorization
                        .has(guild, null, member, Permission.KICK_MEMBERS)
                        .block(WAIT))
                .isFalse();
        assertThat(authorization.guildsOf(member).collectList().block(WAIT))
                .extracting(g -> g.get("id").asString())
                .containsExactly(guildId);

        String roleId = call(
                        HttpMethod.POST, "/guilds/" + guildId + "/roles", userToken(owner), "{\"permissions\": \"2\"}")
                .body()
                .get("id")
                .asString();
        assertThat(call(
                                HttpMethod.PUT,
                                "/guilds/" + guildId + "/members/" + member + "/roles/" + roleId,
                                userToken(owner),
                                null)
                        .status())
                .isEqualTo(204);
        assertThat(authorization
                        .has(guild, null, member, Permission.KICK_MEMBERS)
                        .block(WAIT))
                .as("still the cached answer")
                .isFalse();
        JsonNode update = awaitEvent(GUILD_MEMBER_UPDATE, guildId);
        authorization
                .onEvent(Json.mapper().treeToValue(update, EventEnvelope.class))
                .block(WAIT);

        assertThat(authorization
                        .has(guild, null, member, Permission.KICK_MEMBERS)
                        .block(WAIT))
                .isTrue();
    }

    @Test
    void channelAnswersAndErrorsKeepThePlatformsCodes() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        String guildId =
                createGuild(owner, "{\"name\": \"Client\"}").body().get("id").asString();
        Snowflake guild = Snowflake.parse(guildId);
        addMember(guildId, member);
        String hidden = call(
                        HttpMethod.POST,
                        "/guilds/" + guildId + "/channels",
                        userToken(owner),
                        "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + guildId
                                + "\", \"type\": 0, \"deny\": \"1024\"}]}")
                .body()
                .get("id")
                .asString();
        GuildAuthorization authorization = client();

        Map<Snowflake, Long> inHidden = authorization
                .permissions(guild, Snowflake.parse(hidden), List.of(owner, member))
                .block(WAIT);

        assertThat(inHidden).containsEntry(owner, Permission.ALL).containsEntry(member, 0L);
        ApiException unknown = catchApi(
                () -> authorization.permissions(Snowflake.of(42), member).block(WAIT));
        assertThat(unknown.code()).isEqualTo(10004);
        ApiException foreign = catchApi(
                () -> authorization.permissions(guild, Snowflake.of(42), member).block(WAIT));
        assertThat(foreign.code()).isEqualTo(10003);
    }

    private static ApiException catchApi(Runnable call) {
        try {
            call.run();
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("expected an ApiException");
    }
}
