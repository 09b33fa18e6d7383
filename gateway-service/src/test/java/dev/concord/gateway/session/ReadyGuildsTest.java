package dev.concord.gateway.session;

import static dev.concord.gateway.session.Harness.identify;
import static dev.concord.gateway.session.Harness.identifyBot;
import static dev.concord.gateway.session.Harness.resume;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.Intents;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

/** READY lists the user's guilds as unavailable, and a GUILD_CREATE for each follows it. */
class ReadyGuildsTest {

    private static final JsonNode FIRST =
            Json.mapper().readTree("{\"id\":\"100\",\"name\":\"first\",\"unavailable\":false,\"channels\":[]}");
    private static final JsonNode SECOND =
            Json.mapper().readTree("{\"id\":\"200\",\"name\":\"second\",\"unavailable\":false,\"channels\":[]}");

    private final Harness harness = new Harness();
    private final List<Snowflake> asked = new ArrayList<>();

    ReadyGuildsTest() {
        harness.guilds = userId -> {
            asked.add(userId);
            return Flux.just(FIRST, SECOND);
        };
    }

    @Test
    void readyListsTheGuildsUnavailableThenEachGuildCreateFollowsInSequence() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        harness.connect(outbound).receive(identify(harness.userToken(42)));

        List<JsonNode> sent = outbound.sent();
        assertThat(sent.subList(1, sent.size()))
                .extracting(payload -> payload.get("t").asString() + " " + payload.get("s"))
                .containsExactly("READY 1", "GUILD_CREATE 2", "GUILD_CREATE 3");
        assertThat(sent.get(1).get("d").get("guilds"))
                .isEqualTo(Json.mapper()
                        .readTree("[{\"id\":\"100\",\"unavailable\":true},{\"id\":\"200\",\"unavailable\":true}]"));
        assertThat(sent.get(2).get("d")).isEqualTo(FIRST);
        assertThat(sent.get(3).get("d")).isEqualTo(SECOND);
        assertThat(asked).containsExactly(Snowflake.of(42));

        dispatch(42, USER_SETTINGS_UPDATE);
        assertThat(outbound.last().get("s").longValue()).isEqualTo(4);
    }

    @Test
    void aBotWithoutTheGuildsIntentGetsNoGuildsAndGuildServiceIsNotAsked() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        harness.connect(outbound).receive(identifyBot(harness.botToken(42), Intents.GUILD_INVITES));

        assertThat(outbound.last().get("t").asString()).isEqualTo("READY");
        assertThat(outbound.last().get("d").get("guilds")).isEmpty();
        assertThat(asked).isEmpty();
    }

    @Test
    void aBotWithTheGuildsIntentGetsItsGuilds() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        harness.connect(outbound).receive(identifyBot(harness.botToken(42), Intents.GUILDS));

        List<JsonNode> sent = outbound.sent();
        assertThat(sent.subList(1, sent.size()))
                .extracting(payload -> payload.get("t").asString())
                .containsExactly("READY", GUILD_CREATE, GUILD_CREATE);
    }

    @Test
    void readyGoesOutWithoutGuildsWhenGuildServiceFailsAndTheyFollowOnceItAnswers() {
        AtomicInteger calls = new AtomicInteger();
        harness.guilds = userId -> calls.incrementAndGet() <= 2
                ? Flux.error(new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable"))
                : Flux.just(FIRST, SECOND);
        RecordingOutbound outbound = new RecordingOutbound(100);
        harness.connect(outbound).receive(identify(harness.userToken(42)));

        assertThat(outbound.last().get("t").asString()).isEqualTo("READY");
        assertThat(outbound.last().get("d").get("guilds")).isEmpty();
        assertThat(outbound.closedWith()).isNull();

        // Asked again after READY: the first retry fails too, the next one answers (pauses of about 1 s, 2 s).
        await().atMost(Duration.ofSeconds(10)).until(() -> outbound.sent().size() == 4);
        List<JsonNode> sent = outbound.sent();
        assertThat(sent.subList(2, 4))
                .extracting(payload -> payload.get("t").asString() + " " + payload.get("s"))
                .containsExactly("GUILD_CREATE 2", "GUILD_CREATE 3");
        assertThat(sent.get(2).get("d")).isEqualTo(FIRST);
        assertThat(calls).hasValue(3);
    }

    @Test
    void lateGuildsAreNeitherAskedForNorSentOnceTheSessionEnded() {
        AtomicInteger calls = new AtomicInteger();
        harness.guilds = userId -> calls.incrementAndGet() == 1
                ? Flux.error(new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable"))
                : Flux.just(FIRST);
        RecordingOutbound outbound = new RecordingOutbound(100);
        GatewayConnection connection = harness.connect(outbound);
        connection.receive(identify(harness.userToken(42)));
        connection.closed(1000);

        // The first retry is due a second or so after READY: it finds the session gone and asks nothing.
        await().during(Duration.ofMillis(2500)).atMost(Duration.ofSeconds(5)).until(() -> calls.get() == 1);
        assertThat(outbound.sent())
                .extracting(payload -> payload.path("t").asString(""))
                .doesNotContain(GUILD_CREATE);
    }

    @Test
    void resumeDoesNotSendTheGuildsAgain() {
        String token = harness.userToken(42);
        RecordingOutbound first = new RecordingOutbound(100);
        GatewayConnection connection = harness.connect(first);
        connection.receive(identify(token));
        String sessionId = first.sent().get(1).get("d").get("session_id").asString();
        connection.closed(1006);

        RecordingOutbound second = new RecordingOutbound(100);
        harness.connect(second).receive(resume(token, sessionId, 3));

        List<JsonNode> sent = second.sent();
        assertThat(sent.get(0).get("op").intValue()).isEqualTo(10);
        assertThat(sent.subList(1, sent.size()))
                .extracting(payload -> payload.get("t").asString() + " " + payload.get("s"))
                .containsExactly("RESUMED 4");
        assertThat(asked).hasSize(1);
    }

    private void dispatch(long userId, String type) {
        DispatchFrame frame =
                DispatchFrame.of(Json.mapper(), type, Json.mapper().createObjectNode());
        harness.sessions.ofUser(Snowflake.of(userId)).forEach(session -> session.dispatch(frame));
    }
}
