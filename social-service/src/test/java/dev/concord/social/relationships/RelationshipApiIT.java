package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_REMOVE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The relationship state machine through HTTP: both sides' rows, each side's events, the list. */
class RelationshipApiIT extends RelationshipApiSupport {

    @Test
    void aRequestIsOutgoingForTheSenderAndIncomingForTheTarget() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();

        assertThat(put(me, them, "{}").status()).isEqualTo(204);

        assertThat(side(me, them)).isEqualTo(new Side(4, null, false, false, false));
        assertThat(side(them, me)).isEqualTo(new Side(3, null, false, false, true));
        JsonNode mine = awaitRelationshipEvent(RELATIONSHIP_ADD, me, them).get("data");
        assertThat(mine.get("type").asInt()).isEqualTo(4);
        assertThat(mine.get("user").get("username").asString()).isEqualTo("u" + them.asString());
        JsonNode theirs = awaitRelationshipEvent(RELATIONSHIP_ADD, them, me).get("data");
        assertThat(theirs.get("type").asInt()).isEqualTo(3);
        assertThat(theirs.get("stranger_request").asBoolean()).isTrue();
        assertThat(theirs.get("user").get("id").asString()).isEqualTo(me.asString());

        Response listed = list(me);
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body()).hasSize(1);
        JsonNode only = listed.body().get(0);
        assertThat(only.get("id").asString()).isEqualTo(them.asString());
        assertThat(only.get("type").asInt()).isEqualTo(4);
        assertThat(only.get("nickname").isNull()).isTrue();
        assertThat(only.get("user_ignored").asBoolean()).isFalse();
        assertThat(only.get("since").asString()).isEqualTo(mine.get("since").asString());
    }

    @Test
    void acceptingMakesBothFriendsAndTellsBoth() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        assertThat(put(me, them, "{}").status()).isEqualTo(204);

        assertThat(put(them, me, "{\"type\": 1}").status()).isEqualTo(204);

        assertThat(side(me, them).type()).isEqualTo(1);
        assertThat(side(them, me).type()).isEqualTo(1);
        awaitEvent(RELATIONSHIP_ADD, me, e -> e.path("data").path("type").asInt() == 1);
        awaitEvent(RELATIONSHIP_ADD, them, e -> e.path("data").path("type").asInt() == 1);
        assertThat(eventsOf(me))
                .containsExactly(
                        "RELATIONSHIP_ADD:" + them.asString() + ":4", "RELATIONSHIP_ADD:" + them.asString() + ":1");
        assertThat(list(them).body().get(0).get("type").asInt()).isEqualTo(1);
    }

    @Test
    void repeatingARequestChangesNothing() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        assertThat(put(me, them, "{}").status()).isEqualTo(204);
        assertThat(put(me, them, "{\"type\": -1}").status()).isEqualTo(204);
        awaitRelationshipEvent(RELATIONSHIP_ADD, them, me);

        assertThat(ignorePut(me, them).status()).isEqualTo(204);
        awaitRelationshipEvent(RELATIONSHIP_UPDATE, me, them);
        assertThat(eventsOf(me))
                .containsExactly(
                        "RELATIONSHIP_ADD:" + them.asString() + ":4", "RELATIONSHIP_UPDATE:" + them.asString() + ":4");
    }

    @Test
    void aNicknameIsAFriendsAndNullClearsIt() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        befriend(me, them);

        assertThat(as(me, HttpMethod.PATCH, PATH + "/" + them.asString(), "{\"nickname\": \"Bestie\"}")
                        .status())
                .isEqualTo(204);
        assertThat(side(me, them).nickname()).isEqualTo("Bestie");
        JsonNode update = awaitRelationshipEvent(RELATIONSHIP_UPDATE, me, them).get("data");
        assertThat(update.get("nickname").asString()).isEqualTo("Bestie");
        assertThat(list(me).body().get(0).get("nickname").asString()).isEqualTo("Bestie");

        assertThat(as(me, HttpMethod.PATCH, PATH + "/" + them.asString(), "{\"nickname\": null}")
                        .status())
                .isEqualTo(204);
        assertThat(side(me, them).nickname()).isNull();
        assertThat(side(them, me).nickname()).isNull();
    }

    @Test
    void removingAFriendEndsBothSides() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        befriend(me, them);

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + them.asString(), null).status())
                .isEqualTo(204);

        assertThat(side(me, them)).isNull();
        assertThat(side(them, me)).isNull();
        JsonNode removed = awaitRelationshipEvent(RELATIONSHIP_REMOVE, them, me).get("data");
        assertThat(removed.get("type").asInt()).isEqualTo(1);
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, me, them);
        assertThat(list(me).body()).isEmpty();
    }

    @Test
    void blockingEndsTheFriendshipAndStopsRequests() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        befriend(me, them);

        assertThat(put(me, them, "{\"type\": 2}").status()).isEqualTo(204);

        assertThat(side(me, them).type()).isEqualTo(2);
        assertThat(side(them, me)).isNull();
        awaitEvent(RELATIONSHIP_ADD, me, e -> e.path("data").path("type").asInt() == 2);
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, them, me);

        Response refused = put(them, me, "{}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(80001);
        assertThat(side(them, me)).isNull();

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + them.asString(), null).status())
                .isEqualTo(204);
        assertThat(side(me, them)).isNull();
    }

    @Test
    void ignoringAStrangerAddsAnIgnoredRowAndUnignoringRemovesIt() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();

        assertThat(ignorePut(me, them).status()).isEqualTo(204);
        assertThat(side(me, them)).isEqualTo(new Side(0, null, true, false, false));
        JsonNode added = awaitRelationshipEvent(RELATIONSHIP_ADD, me, them).get("data");
        assertThat(added.get("user_ignored").asBoolean()).isTrue();
        assertThat(added.get("type").asInt()).isZero();

        assertThat(as(me, HttpMethod.DELETE, PATH + "/" + them.asString() + "/ignore", null)
                        .status())
                .isEqualTo(204);
        assertThat(side(me, them)).isNull();
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, me, them);
    }

    @Test
    void anIgnoredFriendStaysIgnoredAfterTheFriendshipEnds() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        befriend(me, them);
        assertThat(ignorePut(me, them).status()).isEqualTo(204);

        assertThat(as(them, HttpMethod.DELETE, PATH + "/" + me.asString(), null).status())
                .isEqualTo(204);

        assertThat(side(me, them)).isEqualTo(new Side(0, null, true, false, false));
        assertThat(side(them, me)).isNull();
        awaitEvent(RELATIONSHIP_UPDATE, me, e -> e.path("data").path("type").asInt() == 0);
    }

    @Test
    void bulkDeleteDeclinesIncomingRequestsOnlySpamWhenAsked() {
        Snowflake me = newKnownUser();
        List<Snowflake> senders = List.of(newKnownUser(), newKnownUser(), newKnownUser());
        senders.forEach(sender -> assertThat(put(sender, me, "{}").status()).isEqualTo(204));
        db.sql("UPDATE relationships SET is_spam_request = true WHERE user_id = :me AND target_id = :spammer")
                .bind("me", me.value())
                .bind("spammer", senders.get(0).value())
                .then()
                .block();

        assertThat(as(me, HttpMethod.DELETE, PATH + "?only_spam=true", null).status())
                .isEqualTo(204);
        assertThat(side(me, senders.get(0))).isNull();
        assertThat(side(senders.get(0), me)).isNull();
        assertThat(side(me, senders.get(1)).type()).isEqualTo(3);
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, senders.get(0), me);

        assertThat(as(me, HttpMethod.DELETE, PATH, null).status()).isEqualTo(204);
        assertThat(list(me).body()).isEmpty();
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, senders.get(2), me);
        awaitRelationshipEvent(RELATIONSHIP_REMOVE, me, senders.get(1));
    }

    @Test
    void aRequestByUsernameReachesTheUser() {
        Snowflake me = newKnownUser();
        Snowflake them = newUser();
        knownUser(them, "Migrated_" + them.asString().substring(10), "0", false);

        Response sent = as(
                me,
                HttpMethod.POST,
                PATH,
                "{\"username\": \"migrated_" + them.asString().substring(10) + "\", \"discriminator\": null}");

        assertThat(sent.status()).isEqualTo(204);
        assertThat(side(me, them).type()).isEqualTo(4);
        awaitRelationshipEvent(RELATIONSHIP_ADD, them, me);
    }

    @Test
    void aSharedSmallGuildMeansNoStranger() {
        Snowflake me = newKnownUser();
        Snowflake them = newKnownUser();
        shareGuild(newUser(), me, them);

        assertThat(put(me, them, "{}").status()).isEqualTo(204);

        assertThat(side(them, me).stranger()).isFalse();
    }

    @Test
    void aBurstOfStrangerRequestsIsMarkedSpam() {
        Snowflake sender = newKnownUser();
        for (int i = 0; i < FriendRequestPolicy.SPAM_BURST; i++) {
            Snowflake stranger = newKnownUser();
            assertThat(put(sender, stranger, "{}").status()).isEqualTo(204);
            assertThat(side(stranger, sender).spam()).isFalse();
        }
        Snowflake next = newKnownUser();

        assertThat(put(sender, next, "{}").status()).isEqualTo(204);

        assertThat(side(next, sender)).isEqualTo(new Side(3, null, false, true, true));
        assertThat(awaitRelationshipEvent(RELATIONSHIP_ADD, next, sender)
                        .get("data")
                        .get("is_spam_request")
                        .asBoolean())
                .isTrue();
    }

    Response ignorePut(Snowflake me, Snowflake them) {
        return as(me, HttpMethod.PUT, PATH + "/" + them.asString() + "/ignore", null);
    }
}
