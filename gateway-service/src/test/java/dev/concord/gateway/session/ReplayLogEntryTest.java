package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** What the replay log writes reads back the same, and an adopted session resumes from it as the old host would have. */
class ReplayLogEntryTest {

    private final ReplayBudget budget = new ReplayBudget(1 << 20, Duration.ofMinutes(3), System::nanoTime);

    @Test
    void anEntryReadsBackWithItsBytesEventAndRecipients() {
        DispatchFrame frame = DispatchFrame.of(
                Json.mapper(), "GUILD_UPDATE", Json.mapper().readTree("{\"name\":\"ünïcode ✓\"}"), "42");

        ReplayLogEntry entry = ReplayLogEntry.parse(ReplayLogEntry.fields(frame, "3:17,9:2"));

        assertThat(entry.frame()).isNotNull();
        assertThat(entry.frame().eventId()).isEqualTo("42");
        assertThat(entry.frame().text(17)).isEqualTo(frame.text(17));
        assertThat(entry.recipients())
                .containsExactly(new ReplayLogEntry.Recipient(3, 17), new ReplayLogEntry.Recipient(9, 2));
    }

    @Test
    void aFrameEvictedBeforeItWasWrittenComesBackAsAGap() {
        DispatchFrame frame =
                DispatchFrame.of(Json.mapper(), "READY", Json.mapper().createObjectNode());
        frame.evict();

        ReplayLogEntry entry = ReplayLogEntry.parse(ReplayLogEntry.fields(frame, "1:1"));

        assertThat(entry.frame()).isNull();
        assertThat(entry.recipients()).containsExactly(new ReplayLogEntry.Recipient(1, 1));
    }

    @Test
    void anEventWhoseFrameWentBeforeItWasWrittenStillShowsAsSent() {
        DispatchFrame frame =
                DispatchFrame.of(Json.mapper(), "GUILD_UPDATE", Json.mapper().createObjectNode(), "77");
        frame.evict();

        LoggedReplays replays = new LoggedReplays();
        replays.add(ReplayLogEntry.parse(ReplayLogEntry.fields(frame, "1:5")));

        assertThat(replays.sent("77")).as("a successor must not send it again").isTrue();
        assertThat(replays.restoredFor(1, 0).tail()).as("nor can it be resumed").isEmpty();
    }

    @Test
    void anAdoptedSessionReplaysItsRestoredFramesThenNumbersOnFromThere() {
        Session session = adopted();
        session.restore(7, List.of(frame("a"), frame("b")));
        RecordingOutbound client = new RecordingOutbound(100);

        assertThat(session.resume(5, client, frame("RESUMED"))).isEqualTo(Session.Resumption.RESUMED);
        session.dispatch(frame("c"));

        assertThat(client.sent())
                .extracting(payload ->
                        payload.get("s").longValue() + payload.get("t").stringValue())
                .containsExactly("6a", "7b", "8RESUMED", "9c");
    }

    @Test
    void anAdoptedSessionSendsOp9WhenTheClientHadMoreThanTheLogOrLessThanItKeeps() {
        Session ahead = adopted();
        ahead.restore(7, List.of(frame("a")));
        assertThat(ahead.resume(8, new RecordingOutbound(100), frame("RESUMED")))
                .isEqualTo(Session.Resumption.UNAVAILABLE);

        Session behind = adopted();
        behind.restore(7, List.of(frame("a")));
        assertThat(behind.resume(5, new RecordingOutbound(100), frame("RESUMED")))
                .isEqualTo(Session.Resumption.UNAVAILABLE);
    }

    @Test
    void aSessionRecordsEachDispatchWithItsNumberInItsHome() {
        List<String> recorded = new ArrayList<>();
        Session session = new Session(
                "s1",
                principal(),
                0,
                new Session.Home("home-a", 4),
                1024,
                budget,
                (to, frame, seq) -> recorded.add(to.home() + "/" + to.ordinal() + ":" + seq + frame.type()),
                false);

        session.dispatch(frame("x"));
        session.dispatch(frame("y"));

        assertThat(recorded).containsExactly("home-a/4:1x", "home-a/4:2y");
    }

    @Test
    void aSessionRecordReadsBackAsTheSameSession() {
        Session session = new Session(
                "s2", principal(), 513, new Session.Home("home-b", 12), 1024, budget, ReplayLog.NONE, false);
        session.dispatch(frame("x"));
        session.dispatch(frame("y"));

        SessionRecord record = SessionRecord.parse("s2", SessionRecord.fields(session, "instance-1"));

        assertThat(record).isNotNull();
        assertThat(record.principal().userId()).isEqualTo(Snowflake.of(77));
        assertThat(record.principal().kind()).isEqualTo(TokenKind.BOT);
        assertThat(record.intents()).isEqualTo(513);
        assertThat(record.home()).isEqualTo(new Session.Home("home-b", 12));
        assertThat(record.seq()).isEqualTo(2);
        assertThat(session.seqToRecord()).isEqualTo(2);
        assertThat(session.seqToRecord()).as("unchanged since written").isEqualTo(-1);
        assertThat(SessionRecord.parse("s3", Map.of("user_id", "77"))).isNull();
    }

    private Session adopted() {
        return new Session("s", principal(), 0, new Session.Home("dead", 1), 1024, budget, ReplayLog.NONE, true);
    }

    private static Principal principal() {
        return new Principal(Snowflake.of(77), TokenKind.BOT, Snowflake.of(78), Set.of(), 1, Instant.EPOCH);
    }

    private static DispatchFrame frame(String type) {
        JsonNode data = Json.mapper().createObjectNode();
        return DispatchFrame.of(Json.mapper(), type, data);
    }
}
