package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.redis.RedisSettings;
import dev.concord.platform.test.TestInfrastructure;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** What sessions were sent reads back from Redis per session, in order, each frame written once per fan-out. */
class RedisReplayLogIT {

    private final RedisClient client =
            RedisClient.create(TestInfrastructure.get().redisUri());
    private final RedisReactiveCommands<String, String> redis = client.connect().reactive();
    private final RedisSettings keys =
            new RedisSettings(TestInfrastructure.get().redisUri(), "replay-log-it:" + System.nanoTime() + ":");
    private final GatewaySettings settings = new GatewaySettings(
            "ws://gateway.test",
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            "http://identity.test",
            Duration.ofSeconds(5),
            100,
            50,
            Duration.ofMinutes(3),
            DataSize.ofMegabytes(64),
            Duration.ofSeconds(10));
    private final RedisReplayLog replayLog = new RedisReplayLog(redis, keys, settings);
    private final ReplayBudget budget = new ReplayBudget(1 << 20, Duration.ofMinutes(3), System::nanoTime);

    @AfterEach
    void close() {
        client.shutdown();
    }

    @Test
    void eachSessionReadsBackItsFramesInOrderAndAFanOutIsOneEntry() {
        Session first = session("a", 1);
        Session second = session("b", 2);
        Session third = session("c", 3);
        DispatchFrame shared = frame("GUILD_UPDATE", "41");
        DispatchFrame own = frame("READY", null);

        first.dispatch(own);
        first.dispatch(shared);
        second.dispatch(shared);
        third.dispatch(shared);
        replayLog.flush().block(Duration.ofSeconds(10));
        // After a flush the same frame starts a new entry.
        first.dispatch(frame("GUILD_DELETE", "42"));
        replayLog.flush().block(Duration.ofSeconds(10));

        LoggedReplays replays = LoggedReplays.read(redis, keys, "home").block(Duration.ofSeconds(10));
        assertThat(replays.entries()).isEqualTo(3);
        assertThat(types(replays.restoredFor(1, 0))).containsExactly("READY", "GUILD_UPDATE", "GUILD_DELETE");
        assertThat(replays.restoredFor(1, 0).lastSeq()).isEqualTo(3);
        assertThat(types(replays.restoredFor(2, 0))).containsExactly("GUILD_UPDATE");
        assertThat(replays.restoredFor(3, 0).tail().get(0).text(1)).isEqualTo(shared.text(1));
        assertThat(replays.sent("41")).isTrue();
        assertThat(replays.sent("43")).isFalse();
        // A session whose frames are all gone knows its number from its last heartbeat, with nothing to replay.
        assertThat(replays.restoredFor(9, 12)).isEqualTo(new LoggedReplays.Restored(12, List.of()));
    }

    @Test
    void aBurstLargerThanOneScriptCallLandsWholeAndInOrder() {
        Session busy = session("busy", 7);
        for (int i = 0; i < 450; i++) {
            busy.dispatch(frame("MESSAGE_CREATE", Integer.toString(1000 + i)));
        }
        replayLog.flush().block(Duration.ofSeconds(10));

        LoggedReplays replays = LoggedReplays.read(redis, keys, "home").block(Duration.ofSeconds(10));
        assertThat(replays.entries()).isEqualTo(450);
        LoggedReplays.Restored restored = replays.restoredFor(7, 0);
        assertThat(restored.lastSeq()).isEqualTo(450);
        assertThat(restored.tail())
                .extracting(DispatchFrame::eventId)
                .containsExactlyElementsOf(
                        IntStream.range(1000, 1450).mapToObj(Integer::toString).toList());
        assertThat(redis.pttl(ReplayLogEntry.streamKey(keys, "home")).block()).isPositive();
    }

    @Test
    void whileRunningTheFirstFrameAfterAFlushArmsTheNextOne() {
        replayLog.start();
        try {
            Session watched = session("watched", 5);
            watched.dispatch(frame("GUILD_UPDATE", "51"));
            assertThat(entriesWithin(1, Duration.ofSeconds(5))).isEqualTo(1);
            // Armed again by the first frame after that flush.
            watched.dispatch(frame("GUILD_UPDATE", "52"));
            watched.dispatch(frame("GUILD_UPDATE", "53"));
            assertThat(entriesWithin(3, Duration.ofSeconds(5))).isEqualTo(3);
            assertThat(types(LoggedReplays.read(redis, keys, "home")
                            .block(Duration.ofSeconds(10))
                            .restoredFor(5, 0)))
                    .hasSize(3);
        } finally {
            replayLog.stop();
        }
    }

    /** The log's entries once it has {@code expected} of them, or what it has when {@code within} is over. */
    private int entriesWithin(int expected, Duration within) {
        return Awaitility.await()
                .atMost(within)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> LoggedReplays.read(redis, keys, "home")
                                .block(Duration.ofSeconds(10))
                                .entries(),
                        entries -> entries >= expected);
    }

    private Session session(String id, long ordinal) {
        Principal principal = new Principal(Snowflake.of(ordinal), TokenKind.USER, null, Set.of(), 1, Instant.EPOCH);
        return new Session(id, principal, 0, new Session.Home("home", ordinal), 50, budget, replayLog, false);
    }

    private static DispatchFrame frame(String type, String eventId) {
        return DispatchFrame.of(Json.mapper(), type, Json.mapper().createObjectNode(), eventId);
    }

    private static List<String> types(LoggedReplays.Restored restored) {
        return restored.tail().stream().map(DispatchFrame::type).toList();
    }
}
