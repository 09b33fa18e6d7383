package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An event fanned out to many sessions is encoded once: every session queues and keeps for Resume the
 * same frame, numbered its own way, and no session holds a copy of its bytes.
 */
class SharedDispatchTest {

    /** What a socket was given: the frame itself and its number, as the real queue keeps them. */
    record Queued(DispatchFrame.Encoded bytes, long seq) {}

    static final class FrameRecorder implements Outbound {
        final List<Queued> queued = new ArrayList<>();

        @Override
        public boolean offer(String payload) {
            return true;
        }

        @Override
        public boolean offer(DispatchFrame.Encoded dispatch, long seq) {
            queued.add(new Queued(dispatch, seq));
            return true;
        }

        @Override
        public void close(CloseCode code) {}
    }

    final ReplayBudget budget = new ReplayBudget(1 << 20, Duration.ofMinutes(3), System::nanoTime);

    @Test
    void everySessionQueuesAndReplaysTheSameFrameUnderItsOwnNumber() {
        DispatchFrame earlier = frame("GUILD_CREATE");
        DispatchFrame event = frame("GUILD_UPDATE");
        Session first = session("1");
        Session second = session("2");
        FrameRecorder firstSocket = new FrameRecorder();
        FrameRecorder secondSocket = new FrameRecorder();
        first.attach(firstSocket);
        second.attach(secondSocket);
        first.dispatch(earlier);

        first.dispatch(event);
        second.dispatch(event);

        assertThat(firstSocket.queued)
                .containsExactly(new Queued(earlier.encoded(), 1), new Queued(event.encoded(), 2));
        assertThat(secondSocket.queued).containsExactly(new Queued(event.encoded(), 1));
        assertThat(firstSocket.queued.get(1).bytes())
                .isSameAs(secondSocket.queued.get(0).bytes());
        assertThat(budget.bytes()).as("each frame counted once").isEqualTo(earlier.size() + event.size());

        FrameRecorder resumed = new FrameRecorder();
        assertThat(first.resume(0, resumed, frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
        assertThat(resumed.queued.subList(0, 2))
                .containsExactly(new Queued(earlier.encoded(), 1), new Queued(event.encoded(), 2));
        assertThat(resumed.queued.get(1).bytes()).isSameAs(event.encoded());
        assertThat(resumed.queued.get(2).seq()).isEqualTo(3);
    }

    private static DispatchFrame frame(String type) {
        return DispatchFrame.of(Json.mapper(), type, Json.mapper().readTree("{\"id\":\"1\"}"));
    }

    @Test
    void pastTheInstancesCeilingTheOldestFramesGoAndAResumeNeedingThemGetsOp9() {
        DispatchFrame first = frame("GUILD_CREATE");
        ReplayBudget tight = new ReplayBudget(first.size() * 2L, Duration.ofMinutes(3), System::nanoTime);
        Session session = session("1", tight);
        FrameRecorder socket = new FrameRecorder();
        session.attach(socket);

        session.dispatch(first);
        session.dispatch(frame("GUILD_UPDATE"));
        session.dispatch(frame("GUILD_UPDATE"));

        assertThat(first.encoded()).as("evicted").isNull();
        assertThat(tight.bytes()).isLessThanOrEqualTo(first.size() * 2L);
        assertThat(socket.queued).hasSize(3).allSatisfy(queued -> assertThat(queued.bytes())
                .isNotNull());
        assertThat(session.resume(0, new FrameRecorder(), frame("RESUMED"))).isEqualTo(Session.Resumption.UNAVAILABLE);
        assertThat(session.resume(1, new FrameRecorder(), frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
    }

    @Test
    void framesOlderThanTheResumeWindowGoAsTimePasses() {
        AtomicLong nanos = new AtomicLong();
        ReplayBudget aging = new ReplayBudget(1 << 20, Duration.ofSeconds(10), nanos::get);
        Session session = session("1", aging);
        DispatchFrame old = frame("GUILD_CREATE");
        session.dispatch(old);

        nanos.set(Duration.ofSeconds(11).toNanos());
        aging.expire();

        assertThat(old.encoded()).isNull();
        assertThat(aging.bytes()).isZero();
        assertThat(session.resume(0, new FrameRecorder(), frame("RESUMED"))).isEqualTo(Session.Resumption.UNAVAILABLE);
    }

    private Session session(String id) {
        return session(id, budget);
    }

    private static Session session(String id, ReplayBudget budget) {
        Principal principal =
                new Principal(Snowflake.of(Long.parseLong(id)), TokenKind.USER, null, Set.of(), 1, Instant.EPOCH);
        return new Session(id, principal, 0, 1024, budget);
    }
}
