package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.UserServiceFake;
import dev.concord.platform.users.UserDirectory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Users social-service's replica has not heard of are asked of remote-auth-service (a fake of this
 * class's own, which counts the calls), kept in the replica and answered whole, in events and lists.
 */
class UsersFromOwnerIT extends RelationshipApiSupport {

    @Autowired
    UserDirectory users;

    static final UserServiceFake OWNER = UserServiceFake.start();

    @DynamicPropertySource
    static void owner(DynamicPropertyRegistry registry) {
        registry.add("concord.users.base-url", OWNER::url);
    }

    @AfterAll
    static void stopOwner() {
        OWNER.close();
    }

    Snowflake unseenUser() {
        Snowflake id = newUser();
        OWNER.user(id.value(), "far" + id.asString(), false);
        return id;
    }

    @Test
    void aUserWhoseCreationWasNotConsumedYetCanBeAskedAndIsWholeInTheEvent() {
        Snowflake me = newKnownUser();
        Snowflake them = unseenUser();

        assertThat(put(me, them, "{}").status()).isEqualTo(204);

        JsonNode mine = awaitRelationshipEvent(RELATIONSHIP_ADD, me, them).get("data");
        assertThat(mine.get("user").get("username").asString()).isEqualTo("far" + them.asString());
        assertThat(side(me, them).type()).isEqualTo(4);
    }

    @Test
    void aFriendRequestByTheUsernameOfAUserTheReplicaLacksReachesThem() {
        Snowflake me = newKnownUser();
        Snowflake them = unseenUser();

        Response sent =
                as(me, HttpMethod.POST, "/users/@me/relationships", "{\"username\": \"FAR" + them.asString() + "\"}");

        assertThat(sent.status()).as(String.valueOf(sent.body())).isEqualTo(204);
        assertThat(side(me, them).type()).isEqualTo(4);
        assertThat(OWNER.requests().stream().map(UserServiceFake.Request::username))
                .contains("FAR" + them.asString());
    }

    @Test
    void aListWhoseUsersTheReplicaLacksAsksForThemInOneCall() {
        Snowflake me = newKnownUser();
        List<Snowflake> targets = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Snowflake target = unseenUser();
            targets.add(target);
            assertThat(put(me, target, "{}").status()).isEqualTo(204);
        }
        // The replica as a service that never consumed their USER_CREATE keeps it.
        db.sql("DELETE FROM user_replica WHERE id = ANY(:ids)")
                .bind("ids", targets.stream().map(Snowflake::value).toArray(Long[]::new))
                .then()
                .block(Duration.ofSeconds(5));
        // Nor has this instance read them since.
        targets.forEach(users::forget);
        int before = OWNER.requests().size();

        Response listed = list(me);

        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body()).hasSize(30);
        for (JsonNode relationship : listed.body()) {
            assertThat(relationship.get("user").get("username").asString())
                    .isEqualTo("far" + relationship.get("id").asString());
        }
        List<UserServiceFake.Request> asked =
                OWNER.requests().subList(before, OWNER.requests().size());
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).ids())
                .containsExactlyInAnyOrderElementsOf(
                        targets.stream().map(Snowflake::asString).toList());
    }
}
