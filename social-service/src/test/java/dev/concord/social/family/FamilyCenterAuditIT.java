package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code GET /family-center/@me}: the teen's week, recorded from the events other services publish. */
class FamilyCenterAuditIT extends FamilyApiSupport {

    @Autowired
    BatchedSweep cleanup;

    Snowflake guild = newUser();
    Snowflake unnamedGuild = newUser();
    Snowflake groupDm = newUser();

    @Test
    void theTeensWeekIsSeenByTheTeenAndTheirParent() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        Snowflake friend = newKnownUser();
        Snowflake pal = newKnownUser();
        connected(parent, teen);

        publishTeensWeek(teen, friend, pal);

        JsonNode teensView = eventually(
                () -> overview(teen, ""),
                body -> body.at("/teen_audit_log/totals/5").asLong() == 1);
        JsonNode log = teensView.get("teen_audit_log");
        assertThat(log.get("totals")).isEqualTo(json("{\"1\": 1, \"2\": 1, \"3\": 2, \"4\": 1, \"5\": 1}"));
        assertThat(log.get("teen_user_id").asString()).isEqualTo(teen.asString());
        Instant rangeStart =
                Snowflake.parse(log.get("range_start_id").asString()).timestamp();
        assertThat(rangeStart)
                .isBetween(
                        Instant.now().minus(Duration.ofDays(7)).minusSeconds(30),
                        Instant.now().minus(Duration.ofDays(7)));
        assertThat(log.get("actions")
                        .valueStream()
                        .map(a -> a.get("display_type").asInt() + ":"
                                + a.get("entity_id").asString()))
                .containsExactlyInAnyOrder(
                        "1:" + friend.asString(),
                        "2:" + guild.asString(),
                        "3:" + pal.asString(),
                        "3:" + groupDm.asString(),
                        "4:" + unnamedGuild.asString(),
                        "5:" + pal.asString());
        assertThat(log.get("actions").valueStream().map(a -> a.get("user_id").asString()))
                .containsOnly(teen.asString());
        assertThat(log.get("users").valueStream().map(u -> u.get("id").asString()))
                .containsExactlyInAnyOrder(friend.asString(), pal.asString());
        assertThat(log.get("guilds"))
                .isEqualTo(json(
                        "[{\"id\": \"%s\", \"name\": \"Teen Club\", \"icon\": \"a1b2\"}]".formatted(guild.asString())));
        assertThat(teensView.at("/linked_users/0/link_type").asInt()).isEqualTo(1);
        assertThat(teensView.at("/users/0/id").asString()).isEqualTo(parent.asString());

        JsonNode parentsView = overview(parent, "");
        // The window rolls: its start moves with each read, everything else is the same log.
        ((ObjectNode) log).remove("range_start_id");
        ((ObjectNode) parentsView.get("teen_audit_log")).remove("range_start_id");
        assertThat(parentsView.get("teen_audit_log")).isEqualTo(log);
        assertThat(parentsView.at("/linked_users/0/link_type").asInt()).isEqualTo(2);
        assertThat(parentsView.at("/users/0/id").asString()).isEqualTo(teen.asString());

        assertThat(db.sql("SELECT count(*) AS n FROM family_actions a WHERE a::text LIKE '%secret%'")
                        .map(r -> r.get("n", Long.class))
                        .one()
                        .block())
                .as("message content is never stored")
                .isZero();
    }

    @Test
    void nothingIsRecordedForUsersWithoutAConnectedLinkNorFromOldEventsAndEachEventCountsOnce() {
        Snowflake parent = newKnownUser();
        Snowflake teen = newKnownUser();
        Snowflake pending = newKnownUser();
        Snowflake pal = newKnownUser();
        connected(parent, teen);
        requested(newKnownUser(), pending);

        Snowflake byNoTeen = newEventId();
        dm(pending, pal, Instant.now(), byNoTeen);
        dm(teen, pal, Instant.now().minus(Duration.ofDays(8)), newEventId());
        Snowflake twice = newEventId();
        dm(teen, newKnownUser(), Instant.now(), twice);
        dm(teen, newKnownUser(), Instant.now(), twice);
        Snowflake last = newKnownUser();
        dm(teen, last, Instant.now(), newEventId());

        // One user's events share a key, so once the last one shows, the earlier ones were handled.
        JsonNode log = eventually(() -> overview(teen, ""), body -> body.at("/teen_audit_log/actions")
                        .valueStream()
                        .anyMatch(a -> a.get("entity_id").asString().equals(last.asString())))
                .get("teen_audit_log");
        assertThat(log.at("/totals/3").asLong())
                .as("the repeated event was applied once")
                .isEqualTo(2);
        assertThat(rows(pending)).isZero();
        assertThat(db.sql("SELECT count(*) AS n FROM processed_events WHERE event_id = :e")
                        .bind("e", byNoTeen.value())
                        .map(r -> r.get("n", Long.class))
                        .one()
                        .block())
                .as("an event of no teen writes nothing, not even its id")
                .isZero();
        assertThat(overview(pending, "").get("teen_audit_log")).isEqualTo(json("""
                {"teen_user_id": null, "range_start_id": null, "actions": [], "users": [], "guilds": [], "totals": {}}"""));
    }

    @Test
    void aParentWithSeveralTeensPicksOneWithTeenId() {
        Snowflake parent = newKnownUser();
        Snowflake first = newKnownUser();
        Snowflake second = newKnownUser();
        connected(parent, first);
        connected(parent, second);

        assertThat(overview(parent, "").at("/teen_audit_log/teen_user_id").asString())
                .isEqualTo(first.asString());
        assertThat(overview(parent, "?teen_id=" + second.asString())
                        .at("/teen_audit_log/teen_user_id")
                        .asString())
                .isEqualTo(second.asString());

        Response stranger = as(
                parent,
                HttpMethod.GET,
                FAMILY_CENTER + "?teen_id=" + newKnownUser().asString(),
                null);
        assertThat(stranger.status()).isEqualTo(400);
        assertThat(stranger.body().at("/errors/teen_id/_errors/0/code").asString())
                .isEqualTo("LINK_UNKNOWN");
        Response notAnId = as(parent, HttpMethod.GET, FAMILY_CENTER + "?teen_id=abc", null);
        assertThat(notAnId.status()).isEqualTo(400);
        assertThat(notAnId.body().at("/errors/teen_id/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void theCleanupDeletesWhatLeftTheWindow() {
        Snowflake teen = newKnownUser();
        db.sql("""
                        INSERT INTO family_actions VALUES (:t, 3, 1, 1, now() - interval '8 days'), (:t, 3, 2, 2, now() - interval '1 day')""").bind("t", teen.value()).then().block();

        assertThat(cleanup.sweep().block()).isGreaterThanOrEqualTo(1);

        assertThat(rows(teen)).isEqualTo(1);
    }

    private void publishTeensWeek(Snowflake teen, Snowflake friend, Snowflake pal) {
        Map<String, Object> toTeen = Map.of("user_ids", List.of(teen.asString()));
        publish(
                "social.events",
                teen.asString(),
                RELATIONSHIP_ADD,
                toTeen,
                json("{\"id\": \"%s\", \"type\": 1, \"user\": {\"id\": \"%s\"}}"
                        .formatted(friend.asString(), friend.asString())));
        publish(
                "social.events",
                teen.asString(),
                RELATIONSHIP_ADD,
                toTeen,
                json("{\"id\": \"%s\", \"type\": 3, \"user\": {\"id\": \"%s\"}}"
                        .formatted(pal.asString(), pal.asString())));
        publish(
                "guild.events",
                guild.asString(),
                GUILD_CREATE,
                toTeen,
                json("{\"id\": \"%s\", \"name\": \"Teen Club\", \"icon\": \"a1b2\", \"channels\": []}"
                        .formatted(guild.asString())));
        publish(
                "guild.events",
                guild.asString(),
                GUILD_MEMBER_ADD,
                Map.of("guild_id", guild.asString()),
                json("{\"guild_id\": \"%s\", \"user\": {\"id\": \"%s\"}, \"roles\": []}"
                        .formatted(guild.asString(), teen.asString())));
        publish(
                "guild.events",
                unnamedGuild.asString(),
                MESSAGE_CREATE,
                Map.of("guild_id", unnamedGuild.asString(), "channel_id", "5"),
                json(
                        "{\"channel_id\": \"5\", \"guild_id\": \"%s\", \"author\": {\"id\": \"%s\"}, \"content\": \"secret plan\"}"
                                .formatted(unnamedGuild.asString(), teen.asString())));
        dm(teen, pal, Instant.now(), newEventId());
        publish(
                "social.events",
                groupDm.asString(),
                MESSAGE_CREATE,
                Map.of("user_ids", List.of(teen.asString(), "1", "2")),
                json("{\"channel_id\": \"%s\", \"author\": {\"id\": \"%s\"}, \"content\": \"secret\"}"
                        .formatted(groupDm.asString(), teen.asString())));
        publish(
                "social.events",
                "7",
                CALL_CREATE,
                Map.of("user_ids", List.of(teen.asString(), pal.asString())),
                json(
                        "{\"channel_id\": \"7\", \"message_id\": \"8\", \"region\": \"x\", \"ringing\": [\"%s\"], \"voice_states\": [{\"user_id\": \"%s\", \"channel_id\": \"7\"}]}"
                                .formatted(pal.asString(), teen.asString())));
    }

    private void dm(Snowflake author, Snowflake to, Instant at, Snowflake eventId) {
        publish(
                eventId,
                at,
                "social.events",
                author.asString(),
                MESSAGE_CREATE,
                Map.of("user_ids", List.of(author.asString(), to.asString())),
                json("{\"channel_id\": \"9\", \"author\": {\"id\": \"%s\"}, \"content\": \"secret\"}"
                        .formatted(author.asString())));
    }

    private JsonNode overview(Snowflake user, String query) {
        Response response = as(user, HttpMethod.GET, FAMILY_CENTER + query, null);
        assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(200);
        return response.body();
    }

    private long rows(Snowflake user) {
        return db.sql("SELECT count(*) AS n FROM family_actions WHERE user_id = :u")
                .bind("u", user.value())
                .map(r -> r.get("n", Long.class))
                .one()
                .block();
    }
}
