package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.session.SharedDispatchTest.FrameRecorder;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What a client's heartbeat says it has leaves its session's replay, and a frame's bytes leave the
 * instance once no session may resume it and its fan-out is done, instead of at the end of the window.
 */
class AcknowledgedReplayTest {

    final ReplayBudget budget = new ReplayBudget(1 << 20, Duration.ofMinutes(3), System::nanoTime);

    @Test
    void aSessionsOwnFrameGoesOnceItsClientAcknowledgesIt() {
        Session session = session("1");
        session.attach(new FrameRecorder());
        DispatchFrame ready = frame("READY");
        DispatchFrame guild = frame("GUILD_CREATE");
        session.dispatchOwn(ready);
        session.dispatchOwn(guild);
        assertThat(budget.bytes()).isEqualTo(ready.size() + guild.size());

        session.acknowledge(1);

        assertThat(ready.encoded()).as("READY acknowledged").isNull();
        assertThat(guild.encoded()).as("not acknowledged yet").isNotNull();
        assertThat(budget.bytes()).isEqualTo(guild.size());
        assertThat(session.resume(0, new FrameRecorder(), frame("RESUMED")))
                .as("the client said it had 1")
                .isEqualTo(Session.Resumption.UNAVAILABLE);

        FrameRecorder resumed = new FrameRecorder();
        assertThat(session.resume(1, resumed, frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
        assertThat(resumed.queued.get(0).bytes()).isSameAs(guild.encoded());
    }

    @Test
    void aSharedFrameStaysUntilEverySessionKeepingItIsAcknowledged() {
        Session first = session("1");
        Session second = session("2");
        DispatchFrame event = frame("GUILD_UPDATE");
        first.dispatch(event);
        second.dispatch(event);
        budget.handedOut(event);

        first.acknowledge(1);
        assertThat(event.encoded()).as("the second session may still resume it").isNotNull();
        assertThat(second.resume(0, new FrameRecorder(), frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);

        second.acknowledge(2);
        assertThat(event.encoded()).isNull();
        assertThat(budget.bytes()).as("RESUMED acknowledged too").isZero();
    }

    @Test
    void aFrameIsNotDroppedWhileItsFanOutIsStillHandingItOut() {
        Session first = session("1");
        Session second = session("2");
        FrameRecorder secondSocket = new FrameRecorder();
        second.attach(secondSocket);
        DispatchFrame event = frame("GUILD_UPDATE");

        first.dispatch(event);
        first.acknowledge(1);
        assertThat(event.encoded()).as("the fan-out goes on").isNotNull();
        second.dispatch(event);
        budget.handedOut(event);

        assertThat(secondSocket.queued).hasSize(1);
        second.acknowledge(1);
        assertThat(event.encoded()).isNull();
        assertThat(budget.bytes()).isZero();
    }

    @Test
    void aFullRingLetsGoOfWhatItOverwritesAndAnEndedSessionOfEverything() {
        Session session = new Session("1", principal("1"), 0, 2, budget);
        DispatchFrame first = frame("GUILD_UPDATE");
        session.dispatchOwn(first);
        session.dispatchOwn(frame("GUILD_UPDATE"));
        session.dispatchOwn(frame("GUILD_UPDATE"));

        assertThat(first.encoded()).as("overwritten").isNull();

        session.end();
        assertThat(budget.bytes()).isZero();
    }

    @Test
    void anAcknowledgementBeyondWhatWasSentKeepsTheNumbering() {
        Session session = session("1");
        FrameRecorder socket = new FrameRecorder();
        session.attach(socket);
        session.dispatchOwn(frame("READY"));

        session.acknowledge(99);
        session.dispatchOwn(frame("GUILD_CREATE"));

        assertThat(socket.queued).extracting(SharedDispatchTest.Queued::seq).containsExactly(1L, 2L);
        assertThat(session.resume(1, new FrameRecorder(), frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
    }

    private static DispatchFrame frame(String type) {
        return DispatchFrame.of(Json.mapper(), type, Json.mapper().readTree("{\"id\":\"1\"}"));
    }

    private Session session(String id) {
        return new Session(id, principal(id), 0, 1024, budget);
    }

    private static Principal principal(String id) {
        return new Principal(Snowflake.of(Long.parseLong(id)), TokenKind.USER, null, Set.of(), 1, Instant.EPOCH);
    }
}
