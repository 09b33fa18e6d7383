package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Family Center through HTTP: codes, links and their rows, and the USER_UPDATE events they publish. */
abstract class FamilyApiSupport extends SocialApiSupport {

    static final String LINKED_USERS = "/users/@me/linked-users";
    static final String LINK_CODE = "/family-center/@me/link-code";
    static final String FAMILY_CENTER = "/family-center/@me";

    /** Event ids for events published with a chosen id (to publish one twice). */
    private static final AtomicLong EVENT_IDS = new AtomicLong(1_500_000_000_000_000_000L);

    String linkCode(Snowflake teen) {
        Response response = as(teen, HttpMethod.GET, LINK_CODE, null);
        assertThat(response.status()).isEqualTo(200);
        return response.body().get("link_code").asString();
    }

    Response request(Snowflake parent, Snowflake teen, String code) {
        return as(
                parent,
                HttpMethod.POST,
                LINKED_USERS,
                "{\"recipient_id\": \"%s\", \"code\": \"%s\"}".formatted(teen.asString(), code));
    }

    Response modify(Snowflake caller, Snowflake other, int status) {
        return as(
                caller,
                HttpMethod.PATCH,
                LINKED_USERS,
                "{\"link_status\": %d, \"linked_user_id\": \"%s\"}".formatted(status, other.asString()));
    }

    /** A requested link from {@code parent} to {@code teen}, made the way clients make it. */
    void requested(Snowflake parent, Snowflake teen) {
        assertThat(request(parent, teen, linkCode(teen)).status()).isEqualTo(200);
    }

    /** A connected link: requested, then accepted by the teen. */
    void connected(Snowflake parent, Snowflake teen) {
        requested(parent, teen);
        assertThat(modify(teen, parent, 2).status()).isEqualTo(200);
    }

    /** The stored status of the link from {@code parent} to {@code teen}, or null when there is none. */
    Integer linkStatus(Snowflake parent, Snowflake teen) {
        return db.sql("SELECT link_status FROM family_links WHERE requestor_id = :p AND user_id = :t")
                .bind("p", parent.value())
                .bind("t", teen.value())
                .map(row -> (int) row.get("link_status", Short.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    long linkCount(Snowflake user) {
        return db.sql("SELECT count(*) AS n FROM family_links WHERE requestor_id = :u OR user_id = :u")
                .bind("u", user.value())
                .map(row -> row.get("n", Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    boolean hasCode(Snowflake teen) {
        return db.sql("SELECT 1 FROM family_link_codes WHERE user_id = :u")
                .bind("u", teen.value())
                .map(row -> 1)
                .one()
                .hasElement()
                .block(Duration.ofSeconds(5));
    }

    /** The USER_UPDATE events addressed to {@code user} so far, in order. */
    List<JsonNode> userUpdates(Snowflake user) {
        return events.all().stream()
                .filter(e -> isEventFor(e, USER_UPDATE, user))
                .toList();
    }

    /** Waits until {@code user} has had {@code count} USER_UPDATE events, and checks no more came. */
    void assertUserUpdates(Snowflake user, int count) {
        if (count > 0) {
            events.awaitOne(e -> userUpdates(user).size() >= count, Duration.ofSeconds(15));
        }
        assertThat(userUpdates(user)).hasSize(count);
    }

    /**
     * Proves that {@code user} has had no USER_UPDATE so far: makes one valid request and checks that its
     * event is their only one. One user's events share a key and arrive in order, so an event of a refused
     * request would have shown up before the probe's.
     */
    void assertNoEventsBeforeAProbe(Snowflake user) {
        requested(user, newKnownUser());
        assertUserUpdates(user, 1);
    }

    /** Calls {@code read} until {@code done} accepts its answer, for effects of events consumed in the background. */
    static <T> T eventually(Callable<T> read, Predicate<T> done) {
        return await().atMost(Duration.ofSeconds(20)).until(read, done);
    }

    /** A fresh event id, to publish an event with a chosen id (to deliver it twice). */
    static Snowflake newEventId() {
        return Snowflake.of(EVENT_IDS.incrementAndGet());
    }
}
