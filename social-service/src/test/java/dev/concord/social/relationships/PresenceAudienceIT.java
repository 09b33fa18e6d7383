package dev.concord.social.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What presence-service asks to fan a presence out: who sees it, whose the user sees, and the settings that shape it. */
class PresenceAudienceIT extends RelationshipApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    JsonNode audience(Snowflake user) {
        Response answer = call(HttpMethod.GET, "/internal/users/" + user + "/presence-audience", INTERNAL, null);
        assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
        return answer.body();
    }

    @Test
    void friendsAndImplicitRelationshipsLessBlocksEitherWay() {
        Snowflake me = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake affine = newKnownUser();
        Snowflake blockedByMe = newKnownUser();
        Snowflake blockingMe = newKnownUser();
        befriend(me, friend);
        implicit(affine, me);
        implicit(blockedByMe, me);
        assertThat(put(me, blockedByMe, "{\"type\": 2}").status()).isEqualTo(204);
        implicit(me, blockingMe);
        assertThat(put(blockingMe, me, "{\"type\": 2}").status()).isEqualTo(204);

        JsonNode found = audience(me);

        assertThat(found.get("watchers").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(friend.asString(), affine.asString());
        assertThat(found.get("watching").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(friend.asString());
        assertThat(found.get("friends").valueStream().map(JsonNode::asString)).containsExactly(friend.asString());
        assertThat(found.get("status").asString()).isEqualTo("online");
        assertThat(found.get("show_current_game").asBoolean()).isTrue();
        assertThat(found.get("activity_restricted_guild_ids")).isEmpty();
    }

    @Test
    void theSettingsThatShapeAPresence() {
        Snowflake me = newKnownUser();
        Response set = as(
                me,
                HttpMethod.PATCH,
                "/users/@me/settings",
                "{\"status\": \"dnd\", \"show_current_game\": false,"
                        + " \"activity_restricted_guild_ids\": [\"81384788765712384\"]}");
        assertThat(set.status()).as("%s", set.body()).isEqualTo(200);

        JsonNode found = audience(me);

        assertThat(found.get("status").asString()).isEqualTo("dnd");
        assertThat(found.get("show_current_game").asBoolean()).isFalse();
        assertThat(found.get("activity_restricted_guild_ids").valueStream().map(JsonNode::asString))
                .containsExactly("81384788765712384");
        assertThat(found.get("watchers")).isEmpty();
        assertThat(call(HttpMethod.GET, "/internal/users/" + me + "/presence-audience", userToken(me), null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/internal/users/x/presence-audience", INTERNAL, null)
                        .status())
                .isEqualTo(400);
    }

    /** {@code user} has an implicit relationship with {@code target}, as affinity computes them. */
    private void implicit(Snowflake user, Snowflake target) {
        db.sql("INSERT INTO relationships (user_id, target_id, type) VALUES (:user, :target, 5)")
                .bind("user", user.value())
                .bind("target", target.value())
                .then()
                .block(Duration.ofSeconds(5));
    }
}
