package dev.concord.presence.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.PresenceApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Op 3s are computed from the user's sessions as this replica last saw them and written only if nothing
 * changed since: changes made elsewhere meanwhile (another replica, another session of the user) are
 * built on, never overwritten, and each op 3 lands exactly once.
 */
class OpThreeRacesIT extends PresenceApiSupport {

    private static final String DESKTOP = "{\"os\": \"Linux\", \"browser\": \"Discord Client\"}";
    private static final String MOBILE = "{\"os\": \"Android\", \"browser\": \"Discord Android\"}";

    @Test
    void anOpThreeBuildsOnAChangeMadeElsewhereMeanwhile() {
        Snowflake olga = newUser();
        String desktop = newSessionId();
        String phone = newSessionId();
        open("gw-a", desktop, olga, DESKTOP, "{\"status\": \"online\"}");
        open("gw-a", phone, olga, MOBILE, "{\"status\": \"online\"}");
        assertThat(outcome(update("gw-a", desktop, olga, "{\"status\": \"idle\"}")))
                .isEqualTo("applied");

        // Another replica sets the phone to dnd: its write script moves the user's change counter.
        String phoneBefore = storedSessions(olga).get(phone);
        String phoneDnd = phoneBefore.replace("\"status\":\"online\"", "\"status\":\"dnd\"");
        assertThat(phoneDnd).isNotEqualTo(phoneBefore);
        redis.hset(userKey(olga), phone, phoneDnd).block(Duration.ofSeconds(5));
        redis.incr(versionKey(olga)).block(Duration.ofSeconds(5));

        assertThat(outcome(update(
                        "gw-a",
                        desktop,
                        olga,
                        "{\"status\": \"idle\", \"activities\": [{\"name\": \"Go\", \"type\": 0}]}")))
                .isEqualTo("applied");

        assertThat(storedSessions(olga).get(phone)).isEqualTo(phoneDnd);
        JsonNode sessions = awaitEvent(
                        "SESSIONS_REPLACE", olga, e -> e.path("data").toString().contains("\"Go\""))
                .path("data");
        assertThat(statusOf(sessions, phone)).isEqualTo("dnd");
        assertThat(statusOf(sessions, "all")).isEqualTo("dnd");
        assertThat(overall(olga)).contains("\"status\":\"dnd\"").contains("\"desktop\":\"idle\"");
    }

    @Test
    void anOpThreeForASessionEndedElsewhereMeanwhileFindsItGone() {
        Snowflake pete = newUser();
        String session = newSessionId();
        open("gw-a", session, pete, DESKTOP, "{\"status\": \"online\"}");
        assertThat(outcome(update("gw-a", session, pete, "{\"status\": \"idle\"}")))
                .isEqualTo("applied");
        String versionBefore = redis.get(versionKey(pete)).block(Duration.ofSeconds(5));

        // Another replica closes it.
        redis.hdel(userKey(pete), session).block(Duration.ofSeconds(5));
        redis.incr(versionKey(pete)).block(Duration.ofSeconds(5));

        assertThat(outcome(update("gw-a", session, pete, "{\"status\": \"dnd\"}")))
                .isEqualTo("unknown_session");
        assertThat(storedSessions(pete)).isEmpty();
        assertThat(redis.get(versionKey(pete)).block(Duration.ofSeconds(5)))
                .isEqualTo(Long.toString(Long.parseLong(versionBefore) + 1));
    }

    @Test
    void opThreesOfOneUsersTwoSessionsAtOnceEachLandOnce() throws Exception {
        Snowflake quinn = newUser();
        String desktop = newSessionId();
        String phone = newSessionId();
        open("gw-a", desktop, quinn, DESKTOP, "{\"status\": \"online\"}");
        open("gw-b", phone, quinn, MOBILE, "{\"status\": \"online\"}");
        long versionBefore = Long.parseLong(redis.get(versionKey(quinn)).block(Duration.ofSeconds(5)));
        int each = 25;

        ExecutorService senders = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<List<String>> fromDesktop =
                    CompletableFuture.supplyAsync(() -> sendInTurn("gw-a", desktop, quinn, each, "idle"), senders);
            CompletableFuture<List<String>> fromPhone =
                    CompletableFuture.supplyAsync(() -> sendInTurn("gw-b", phone, quinn, each, "dnd"), senders);
            assertThat(Stream.concat(fromDesktop.get().stream(), fromPhone.get().stream()))
                    .hasSize(2 * each)
                    .allMatch("applied"::equals);
        } finally {
            senders.shutdownNow();
        }

        assertThat(Long.parseLong(redis.get(versionKey(quinn)).block(Duration.ofSeconds(5))))
                .isEqualTo(versionBefore + 2 * each);
        assertThat(storedSessions(quinn).get(desktop)).contains("\"status\":\"idle\"");
        assertThat(storedSessions(quinn).get(phone)).contains("\"status\":\"dnd\"");
        assertThat(overall(quinn))
                .contains("\"status\":\"dnd\"")
                .contains("\"desktop\":\"idle\"")
                .contains("\"mobile\":\"dnd\"");
    }

    /** {@code count} op 3s one after another, alternating online and {@code last}, ending with {@code last}. */
    private List<String> sendInTurn(String instance, String session, Snowflake user, int count, String last) {
        return Stream.iterate(count - 1, left -> left >= 0, left -> left - 1)
                .map(left -> outcome(
                        update(instance, session, user, "{\"status\": \"" + (left % 2 == 0 ? last : "online") + "\"}")))
                .toList();
    }

    private static String statusOf(JsonNode sessions, String sessionId) {
        for (JsonNode session : sessions) {
            if (session.path("session_id").asString().equals(sessionId)) {
                return session.path("status").asString();
            }
        }
        throw new AssertionError("no session " + sessionId + " in " + sessions);
    }

    /** The overall presence as recorded for others, as JSON. */
    private String overall(Snowflake user) {
        String recorded =
                redis.get(redisKeys.key("presence:o:" + user.asString())).block(Duration.ofSeconds(5));
        return recorded.substring(recorded.indexOf('|') + 1);
    }

    private String userKey(Snowflake user) {
        return redisKeys.key("presence:u:" + user.asString());
    }

    private String versionKey(Snowflake user) {
        return redisKeys.key("presence:v:" + user.asString());
    }
}
