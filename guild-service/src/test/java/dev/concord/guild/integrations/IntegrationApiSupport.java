package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Guild integrations through HTTP: guilds, bots added as remote-auth-service adds them, streaming accounts linked. */
abstract class IntegrationApiSupport extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());
    private static final AtomicLong APPLICATIONS = new AtomicLong(491926798626357250L);

    record Bot(Snowflake application, Snowflake user) {}

    String guildOf(Snowflake owner) {
        Response created = createGuild(owner, "{\"name\": \"Streams\"}");
        assertThat(created.status()).as("%s", created.body()).isBetween(200, 201);
        return created.body().get("id").asString();
    }

    Bot newBot() {
        Snowflake application = Snowflake.of(APPLICATIONS.incrementAndGet());
        Snowflake user = Snowflake.of(APPLICATIONS.incrementAndGet());
        knownUser(user, "Helper", "4821", true);
        return new Bot(application, user);
    }

    /** The bot added to the guild by {@code adder} with these scopes, as OAuth2's bot scope does. */
    void addBot(String guildId, Snowflake adder, Bot bot, List<String> scopes) {
        String scopeList = String.join("\", \"", scopes);
        Response added = call(
                HttpMethod.POST,
                "/internal/guilds/" + guildId + "/bots",
                INTERNAL,
                "{\"user_id\": \"" + adder + "\", \"permissions\": \"2048\", \"scopes\": [\"" + scopeList
                        + "\"], \"application\": {\"id\": \"" + bot.application()
                        + "\", \"name\": \"Helper\", \"icon\": null, \"description\": \"helps\", \"bot_id\": \""
                        + bot.user() + "\"}}");
        assertThat(added.status()).as("%s", added.body()).isEqualTo(200);
    }

    Response link(Snowflake user, String guildId, String type, String accountId) {
        return as(
                user,
                HttpMethod.POST,
                "/guilds/" + guildId + "/integrations",
                "{\"type\": \"" + type + "\", \"id\": \"" + accountId + "\"}");
    }

    /** The guild's integrations as its owner lists them. */
    JsonNode integrations(Snowflake owner, String guildId) {
        Response listed = get(owner, "/guilds/" + guildId + "/integrations");
        assertThat(listed.status()).as("%s", listed.body()).isEqualTo(200);
        return listed.body();
    }

    /** The one integration of the guild whose account is {@code accountId}. */
    JsonNode integrationOf(Snowflake owner, String guildId, String accountId) {
        return integrations(owner, guildId)
                .valueStream()
                .filter(integration -> integration.at("/account/id").asString().equals(accountId))
                .findFirst()
                .orElseThrow();
    }

    static void assertField(Response response, String field, String code) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(response.body().at("/errors/" + field + "/_errors/0/code").asString())
                .as("%s", response.body())
                .isEqualTo(code);
    }

    static void assertCode(Response response, int status, int code) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(status);
        assertThat(response.body().get("code").asInt())
                .as("%s", response.body())
                .isEqualTo(code);
    }
}
