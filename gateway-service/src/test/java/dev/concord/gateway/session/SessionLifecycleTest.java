package dev.concord.gateway.session;

import static dev.concord.gateway.session.Harness.identify;
import static dev.concord.gateway.session.Harness.resume;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.scheduler.VirtualTimeScheduler;
import tools.jackson.databind.JsonNode;

/** Sequence numbers, Resume and its replay, and how sessions end. */
class SessionLifecycleTest {

    private final Harness harness = new Harness(100, 5, true);
    private final String token = harness.userToken(42);

    @AfterEach
    void restoreSchedulers() {
        VirtualTimeScheduler.reset();
    }

    @Test
    void dispatchesFollowReadyInSequence() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        identified(outbound);

        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"light\"}");
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"dark\"}");
        dispatch(7, USER_SETTINGS_UPDATE, "{\"theme\":\"other user\"}");

        assertThat(outbound.sent()).extracting(SessionLifecycleTest::seq).containsExactly(0L, 1L, 2L, 3L);
        assertThat(outbound.last())
                .isEqualTo(Json.mapper()
                        .readTree("{\"op\":0,\"t\":\"USER_SETTINGS_UPDATE\",\"s\":3,\"d\":{\"theme\":\"dark\"}}"));
    }

    @Test
    void resumeReplaysWhatWasMissedThenDispatchesResumed() {
        RecordingOutbound first = new RecordingOutbound(100);
        GatewayConnection connection = identified(first);
        String sessionId = first.last().get("d").get("session_id").stringValue();
        connection.closed(1006);
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"light\"}");
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"dark\"}");

        RecordingOutbound second = new RecordingOutbound(100);
        harness.connect(second).receive(resume(token, sessionId, 1));

        List<JsonNode> sent = second.sent();
        assertThat(sent).extracting(payload -> payload.get("op").intValue()).containsExactly(10, 0, 0, 0);
        assertThat(sent.subList(1, 4))
                .extracting(payload -> payload.get("t").stringValue() + " " + payload.get("s"))
                .containsExactly("USER_SETTINGS_UPDATE 2", "USER_SETTINGS_UPDATE 3", "RESUMED 4");
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"light\"}");
        assertThat(second.last().get("s").longValue()).isEqualTo(5);
    }

    @Test
    void resumingALiveSessionMovesItAndClosesTheStaleConnection() {
        RecordingOutbound first = new RecordingOutbound(100);
        identified(first);
        String sessionId = first.last().get("d").get("session_id").stringValue();

        RecordingOutbound second = new RecordingOutbound(100);
        harness.connect(second).receive(resume(token, sessionId, 1));

        assertThat(first.closedWith()).isEqualTo(CloseCode.SESSION_RESUMED_ELSEWHERE);
        assertThat(second.last().get("t").stringValue()).isEqualTo("RESUMED");
    }

    @Test
    void unknownSessionsOtherUsersSessionsAndTooOldSequencesGetInvalidSession() {
        RecordingOutbound first = new RecordingOutbound(100);
        identified(first).closed(1006);
        String sessionId = first.last().get("d").get("session_id").stringValue();
        for (int i = 0; i < 6; i++) {
            dispatch(42, USER_SETTINGS_UPDATE, "{}");
        }

        assertInvalidSession(resume(token, "0123456789abcdef0123456789abcdef", 1));
        assertInvalidSession(resume(harness.userToken(7), sessionId, 7));
        // Replay keeps 5: sequence numbers 3-7 are there, 2 is gone.
        assertInvalidSession(resume(token, sessionId, 1));
        RecordingOutbound ok = new RecordingOutbound(100);
        harness.connect(ok).receive(resume(token, sessionId, 2));
        assertThat(ok.last().get("t").stringValue()).isEqualTo("RESUMED");
    }

    @Test
    void aSequenceAheadOfTheSessionCloses4007() {
        RecordingOutbound first = new RecordingOutbound(100);
        identified(first).closed(1006);
        String sessionId = first.last().get("d").get("session_id").stringValue();

        RecordingOutbound second = new RecordingOutbound(100);
        harness.connect(second).receive(resume(token, sessionId, 9));

        assertThat(second.closedWith()).isEqualTo(CloseCode.INVALID_SEQ);
    }

    @Test
    void anInvalidSessionLeavesTheConnectionFreeToIdentify() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        GatewayConnection connection = harness.connect(outbound);
        connection.receive(resume(token, "unknown", 3));
        connection.receive(identify(token));

        assertThat(outbound.last().get("t").stringValue()).isEqualTo("READY");
    }

    @Test
    void aNormalCloseByTheClientEndsTheSession() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        identified(outbound).closed(1000);
        String sessionId = outbound.last().get("d").get("session_id").stringValue();

        assertThat(harness.sessions.find(sessionId)).isEmpty();
        assertThat(harness.sessions.ofUser(Snowflake.of(42))).isEmpty();
        assertThat(harness.directory).containsExactly("opened " + sessionId, "ended " + sessionId);
    }

    @Test
    void aDisconnectedSessionEndsWhenTheResumeWindowRunsOut() {
        VirtualTimeScheduler time = VirtualTimeScheduler.getOrSet();
        RecordingOutbound outbound = new RecordingOutbound(100);
        identified(outbound).closed(1006);
        String sessionId = outbound.last().get("d").get("session_id").stringValue();

        time.advanceTimeBy(Duration.ofMinutes(2));
        assertThat(harness.sessions.find(sessionId)).isPresent();
        time.advanceTimeBy(Duration.ofMinutes(1));
        assertThat(harness.sessions.find(sessionId)).isEmpty();
    }

    @Test
    void aResumedSessionDoesNotExpire() {
        VirtualTimeScheduler time = VirtualTimeScheduler.getOrSet();
        RecordingOutbound first = new RecordingOutbound(100);
        identified(first).closed(1006);
        String sessionId = first.last().get("d").get("session_id").stringValue();
        harness.connect(new RecordingOutbound(100)).receive(resume(token, sessionId, 1));

        time.advanceTimeBy(Duration.ofMinutes(10));

        assertThat(harness.sessions.find(sessionId)).isPresent();
    }

    @Test
    void aClientThatCannotKeepUpIsClosedAndCanResumeWithoutLoss() {
        RecordingOutbound slow = new RecordingOutbound(4);
        GatewayConnection connection = identified(slow);
        String sessionId = slow.last().get("d").get("session_id").stringValue();
        for (int i = 0; i < 4; i++) {
            dispatch(42, USER_SETTINGS_UPDATE, "{\"n\":" + i + "}");
        }

        assertThat(slow.closedWith()).isEqualTo(CloseCode.CLIENT_TOO_SLOW);
        assertThat(slow.closedWith().code()).isEqualTo(4000);
        assertThat(slow.sent()).hasSize(4);
        connection.closed(4000);

        RecordingOutbound back = new RecordingOutbound(100);
        harness.connect(back).receive(resume(token, sessionId, 3));
        assertThat(back.sent()).extracting(SessionLifecycleTest::seq).containsExactly(0L, 4L, 5L, 6L);
    }

    @Test
    void aHeartbeatsSequenceLetsWhatTheClientHasGoFromItsReplay() {
        RecordingOutbound first = new RecordingOutbound(100);
        GatewayConnection connection = identified(first);
        String sessionId = first.last().get("d").get("session_id").stringValue();
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"light\"}");
        dispatch(42, USER_SETTINGS_UPDATE, "{\"theme\":\"dark\"}");
        long replayBytes = harness.sessions.replayBudget().bytes();

        connection.receive("{\"op\":1,\"d\":2}");
        connection.closed(1006);

        assertThat(harness.sessions.replayBudget().bytes())
                .as("READY and the first event acknowledged")
                .isLessThan(replayBytes);
        assertInvalidSession(resume(token, sessionId, 1));
        RecordingOutbound second = new RecordingOutbound(100);
        harness.connect(second).receive(resume(token, sessionId, 2));
        assertThat(second.sent().subList(1, 3))
                .extracting(payload -> payload.get("t").stringValue() + " " + payload.get("s"))
                .containsExactly("USER_SETTINGS_UPDATE 3", "RESUMED 4");
    }

    @Test
    void heartbeatsKeepTheDirectoryEntryAlive() {
        RecordingOutbound outbound = new RecordingOutbound(100);
        GatewayConnection connection = identified(outbound);
        connection.receive("{\"op\":1,\"d\":1}");

        String sessionId = outbound.sent().get(1).get("d").get("session_id").stringValue();
        assertThat(harness.directory).containsExactly("opened " + sessionId, "alive " + sessionId);
    }

    private GatewayConnection identified(RecordingOutbound outbound) {
        GatewayConnection connection = harness.connect(outbound);
        connection.receive(identify(token));
        assertThat(outbound.last().get("t").stringValue()).isEqualTo("READY");
        return connection;
    }

    private void dispatch(long userId, String type, String data) {
        DispatchFrame frame =
                DispatchFrame.of(Json.mapper(), type, Json.mapper().readTree(data));
        harness.sessions.ofUser(Snowflake.of(userId)).forEach(session -> session.dispatch(frame));
        harness.sessions.replayBudget().handedOut(frame);
    }

    /** The payload's sequence number; 0 for payloads without one (Hello). */
    private static long seq(JsonNode payload) {
        return payload.get("s").isNull() ? 0 : payload.get("s").longValue();
    }

    private void assertInvalidSession(String resume) {
        RecordingOutbound outbound = new RecordingOutbound(100);
        harness.connect(outbound).receive(resume);
        assertThat(outbound.last()).isEqualTo(Json.mapper().readTree("{\"op\":9,\"d\":false,\"s\":null,\"t\":null}"));
        assertThat(outbound.closedWith()).isNull();
    }
}
