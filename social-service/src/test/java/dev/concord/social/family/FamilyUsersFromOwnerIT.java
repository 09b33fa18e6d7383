package dev.concord.social.family;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.UserServiceFake;
import dev.concord.platform.users.UserDirectory;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The other party of a link is listed whole even when the replica has not heard of them yet. */
class FamilyUsersFromOwnerIT extends FamilyApiSupport {

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

    @Test
    void aLinkedUserTheReplicaLacksIsFetchedFromTheOwner() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        connected(parent, teen);
        OWNER.user(parent.value(), "far" + parent.asString(), false);
        db.sql("DELETE FROM user_replica WHERE id = :id")
                .bind("id", parent.value())
                .then()
                .block(Duration.ofSeconds(5));
        // Nor has this instance read them since.
        users.forget(parent);

        Response linked = as(teen, HttpMethod.GET, LINKED_USERS, null);
        Response overview = as(teen, HttpMethod.GET, FAMILY_CENTER, null);

        assertThat(linked.status()).isEqualTo(200);
        assertThat(linked.body().at("/users/0/id").asString()).isEqualTo(parent.asString());
        assertThat(linked.body().at("/users/0/username").asString()).isEqualTo("far" + parent.asString());
        assertThat(overview.body().at("/users/0/username").asString()).isEqualTo("far" + parent.asString());
    }
}
