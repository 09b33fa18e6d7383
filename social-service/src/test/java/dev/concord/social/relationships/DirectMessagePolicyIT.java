package dev.concord.social.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What webhook-service asks before a DM: blocks either way, friendship, and the guilds a user closed to DMs. */
class DirectMessagePolicyIT extends RelationshipApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    JsonNode policy(Snowflake user, Snowflake from) {
        Response answer =
                call(HttpMethod.GET, "/internal/users/" + user + "/direct-message-policy?from=" + from, INTERNAL, null);
        assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
        return answer.body();
    }

    @Test
    void strangersFriendsAndBlocks() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake blocker = newKnownUser();
        Snowflake stranger = newKnownUser();
        befriend(me, friend);
        assertThat(put(blocker, me, "{\"type\": 2}").status()).isEqualTo(204);

        assertThat(policy(me, stranger).get("friends").asBoolean()).isFalse();
        assertThat(policy(me, stranger).get("blocked").asBoolean()).isFalse();
        assertThat(policy(me, friend).get("friends").asBoolean()).isTrue();
        assertThat(policy(me, blocker).get("blocked").asBoolean())
                .as("blocked by them")
                .isTrue();
        assertThat(policy(blocker, me).get("blocked").asBoolean())
                .as("blocking them")
                .isTrue();
    }

    @Test
    void theGuildsAUserClosedToDms() {
        Snowflake me = newKnownUser();
        Snowflake other = newKnownUser();

        assertThat(policy(me, other).get("restricted_guild_ids")).isEmpty();
        Response set = as(
                me,
                HttpMethod.PATCH,
                "/users/@me/settings",
                "{\"restricted_guilds\": [\"81384788765712384\", \"81384788765712385\"]}");
        assertThat(set.status()).as("%s", set.body()).isEqualTo(200);

        assertThat(policy(me, other).get("restricted_guild_ids").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder("81384788765712384", "81384788765712385");
        assertThat(call(HttpMethod.GET, "/internal/users/" + me + "/direct-message-policy", INTERNAL, null)
                        .body()
                        .at("/errors/from/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(call(
                                HttpMethod.GET,
                                "/internal/users/" + me + "/direct-message-policy?from=" + other,
                                userToken(me),
                                null)
                        .status())
                .isEqualTo(401);
    }
}
