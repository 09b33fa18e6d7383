package dev.concord.guild.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** POST /internal/guilds/{guild.id}/members/search, as the gateway's member requests use it. */
class MemberSearchIT extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Test
    void aUsernamePrefixFindsMembersInAnyCaseAndNoOneElse() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Search\"}").body().get("id").asString();
        Snowflake anna = newUser("Anna");
        Snowflake annika = newUser("annika");
        Snowflake bob = newUser("bob");
        newUser("anne"); // would match, but is no member
        addMember(guild, anna);
        addMember(guild, annika);
        addMember(guild, bob);

        Response found = search(guild, "{\"query\": \"ANN\", \"limit\": 10}");

        assertThat(found.status()).isEqualTo(200);
        assertThat(userIds(found)).containsExactly(anna.asString(), annika.asString());
        JsonNode member = found.body().get("members").get(0);
        assertThat(member.get("user").get("username").asString()).startsWith("Anna");
        assertThat(member.has("roles")).isTrue();
        assertThat(member.has("joined_at")).isTrue();
        assertThat(userIds(search(guild, "{\"query\": \"ann\", \"limit\": 1}"))).containsExactly(anna.asString());
        // LIKE's wildcards are letters like any other.
        assertThat(userIds(search(guild, "{\"query\": \"%\", \"limit\": 10}"))).isEmpty();
        assertThat(userIds(search(guild, "{\"query\": \"_nna\", \"limit\": 10}")))
                .isEmpty();
    }

    @Test
    void everyMemberPageByPageAndMembersById() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"All\"}").body().get("id").asString();
        Snowflake first = newUser("first");
        Snowflake second = newUser("second");
        Snowflake stranger = newUser("stranger");
        addMember(guild, first);
        addMember(guild, second);

        assertThat(userIds(search(guild, "{\"query\": \"\"}")))
                .containsExactly(owner.asString(), first.asString(), second.asString());
        assertThat(userIds(search(guild, "{\"query\": \"\", \"after\": \"" + owner.asString() + "\", \"limit\": 1}")))
                .containsExactly(first.asString());
        assertThat(userIds(search(
                        guild, "{\"user_ids\": [\"" + second.asString() + "\", \"" + stranger.asString() + "\"]}")))
                .containsExactly(second.asString());
    }

    @Test
    void badQueriesAre50035AndAnUnknownGuild404() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Bad\"}").body().get("id").asString();

        assertThat(search(guild, "{}").body().get("code").asInt()).isEqualTo(50035);
        assertThat(search(guild, "{\"query\": \"a\", \"user_ids\": [\"1\"]}").status())
                .isEqualTo(400);
        assertThat(search(guild, "{\"query\": \"a\", \"limit\": 1001}").status())
                .isEqualTo(400);
        String tooMany = String.join(",", java.util.Collections.nCopies(101, "\"1\""));
        assertThat(search(guild, "{\"user_ids\": [" + tooMany + "]}")
                        .body()
                        .get("errors")
                        .has("user_ids"))
                .isTrue();
        Response unknown = search("1", "{\"query\": \"\"}");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10004);
        assertThat(call(HttpMethod.POST, "/internal/guilds/" + guild + "/members/search", userToken(owner), "{}")
                        .status())
                .isEqualTo(401);
    }

    private Response search(String guildId, String body) {
        return call(HttpMethod.POST, "/internal/guilds/" + guildId + "/members/search", INTERNAL, body);
    }

    private static List<String> userIds(Response response) {
        return StreamSupport.stream(response.body().get("members").spliterator(), false)
                .map(member -> member.get("user").get("id").asString())
                .toList();
    }
}
