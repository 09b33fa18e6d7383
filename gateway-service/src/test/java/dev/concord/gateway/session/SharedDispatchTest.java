package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An event fanned out to many sessions is encoded once: every session queues and keeps for Resume the
 * same frame, numbered its own way, and no session holds a copy of its bytes.
 */
class SharedDispatchTest {

    /** What a socket was given: the frame itself and its number, as the real queue keeps them. */
    record Queued(DispatchFrame frame, long seq) {}

    static final class FrameRecorder implements Outbound {
        final List<Queued> queued = new ArrayList<>();

        @Override
        public boolean offer(String payload) {
            return true;
        }

        @Override
        public boolean offer(DispatchFrame frame, long seq) {
            queued.add(new Queued(frame, seq));
            return true;
        }

        @Override
        public void close(CloseCode code) {}
    }

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

        assertThat(firstSocket.queued).containsExactly(new Queued(earlier, 1), new Queued(event, 2));
        assertThat(secondSocket.queued).containsExactly(new Queued(event, 1));
        assertThat(firstSocket.queued.get(1).frame())
                .isSameAs(secondSocket.queued.get(0).frame());

        FrameRecorder resumed = new FrameRecorder();
        assertThat(first.resume(0, resumed, frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
        assertThat(resumed.queued.subList(0, 2)).containsExactly(new Queued(earlier, 1), new Queued(event, 2));
        assertThat(resumed.queued.get(1).frame()).isSameAs(event);
        assertThat(resumed.queued.get(2).seq()).isEqualTo(3);
    }

    private static DispatchFrame frame(String type) {
        return DispatchFrame.of(Json.mapper(), type, Json.mapper().readTree("{\"id\":\"1\"}"));
    }

    private static Session session(String id) {
        Principal principal =
                new Principal(Snowflake.of(Long.parseLong(id)), TokenKind.USER, null, Set.of(), 1, Instant.EPOCH);
        return new Session(id, principal, 0, 1024);
    }
}
