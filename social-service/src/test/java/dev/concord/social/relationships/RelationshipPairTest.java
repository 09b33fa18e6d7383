package dev.concord.social.relationships;

import static dev.concord.social.relationships.RelationshipType.BLOCKED;
import static dev.concord.social.relationships.RelationshipType.FRIEND;
import static dev.concord.social.relationships.RelationshipType.INCOMING_REQUEST;
import static dev.concord.social.relationships.RelationshipType.NONE;
import static dev.concord.social.relationships.RelationshipType.OUTGOING_REQUEST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The moves on both sides of a relationship, without a database. */
class RelationshipPairTest {

    static final Snowflake ME = Snowflake.of(1);
    static final Snowflake THEM = Snowflake.of(2);
    static final Instant THEN = Instant.parse("2026-11-01T00:00:00Z");
    static final Instant NOW = Instant.parse("2026-11-22T00:00:00Z");

    static RelationshipRow mine(RelationshipType type, boolean ignored) {
        return RelationshipRow.of(ME, THEM, type, ignored, THEN);
    }

    static RelationshipRow theirs(RelationshipType type, boolean ignored) {
        return RelationshipRow.of(THEM, ME, type, ignored, THEN);
    }

    static List<String> notices(Outcome outcome) {
        return outcome.notices().stream()
                .map(n -> n.kind() + " " + n.row().userId().value() + ":"
                        + n.row().type() + (n.row().userIgnored() ? " ignored" : ""))
                .toList();
    }

    @Test
    void aRequestKeepsWhatTheTargetIgnores() {
        Outcome outcome = new RelationshipPair(ME, THEM, null, theirs(NONE, true)).befriend(NOW, true, true);

        assertThat(notices(outcome)).containsExactly("ADD 1:OUTGOING_REQUEST", "ADD 2:INCOMING_REQUEST ignored");
        RelationshipRow incoming = outcome.saved().get(1);
        assertThat(incoming.strangerRequest()).isTrue();
        assertThat(incoming.isSpamRequest()).isTrue();
        assertThat(incoming.since()).isEqualTo(NOW);
        assertThat(outcome.saved().get(0).strangerRequest()).isFalse();
    }

    @Test
    void acceptingClearsTheRequestMarks() {
        RelationshipRow incoming = mine(INCOMING_REQUEST, false).asRequestFrom(true, true);
        Outcome outcome =
                new RelationshipPair(ME, THEM, incoming, theirs(OUTGOING_REQUEST, false)).befriend(NOW, false, false);

        assertThat(notices(outcome)).containsExactly("ADD 1:FRIEND", "ADD 2:FRIEND");
        assertThat(outcome.saved()).allSatisfy(row -> {
            assertThat(row.strangerRequest()).isFalse();
            assertThat(row.isSpamRequest()).isFalse();
            assertThat(row.since()).isEqualTo(NOW);
        });
    }

    @Test
    void friendsAndSentRequestsStayAsTheyAre() {
        assertThat(new RelationshipPair(ME, THEM, mine(FRIEND, false), theirs(FRIEND, false))
                        .befriend(NOW, false, false)
                        .isEmpty())
                .isTrue();
        assertThat(new RelationshipPair(ME, THEM, mine(OUTGOING_REQUEST, false), theirs(INCOMING_REQUEST, false))
                        .befriend(NOW, false, false)
                        .isEmpty())
                .isTrue();
    }

    @Test
    void blockingEndsTheirSideButNotTheirBlock() {
        Outcome friends = new RelationshipPair(ME, THEM, mine(FRIEND, false), theirs(FRIEND, false)).block(NOW);
        assertThat(notices(friends)).containsExactly("ADD 1:BLOCKED", "REMOVE 2:FRIEND");
        assertThat(friends.deleted()).containsExactly(theirs(FRIEND, false));

        Outcome mutual = new RelationshipPair(ME, THEM, null, theirs(BLOCKED, false)).block(NOW);
        assertThat(notices(mutual)).containsExactly("ADD 1:BLOCKED");
        assertThat(new RelationshipPair(ME, THEM, mine(BLOCKED, false), null)
                        .block(NOW)
                        .isEmpty())
                .isTrue();
    }

    @Test
    void removingKeepsAnIgnoringSideAsNone() {
        Outcome outcome = new RelationshipPair(ME, THEM, mine(FRIEND, false), theirs(FRIEND, true)).remove();

        assertThat(notices(outcome)).containsExactly("REMOVE 1:FRIEND", "UPDATE 2:NONE ignored");
        assertThat(outcome.deleted()).containsExactly(mine(FRIEND, false));
    }

    @Test
    void unblockingLeavesTheOtherSide() {
        Outcome outcome = new RelationshipPair(ME, THEM, mine(BLOCKED, false), theirs(BLOCKED, false)).remove();

        assertThat(notices(outcome)).containsExactly("REMOVE 1:BLOCKED");
    }

    @Test
    void ignoreAndUnignore() {
        assertThat(notices(new RelationshipPair(ME, THEM, null, null).ignore(NOW)))
                .containsExactly("ADD 1:NONE ignored");
        assertThat(notices(new RelationshipPair(ME, THEM, mine(FRIEND, false), null).ignore(NOW)))
                .containsExactly("UPDATE 1:FRIEND ignored");
        assertThat(new RelationshipPair(ME, THEM, mine(FRIEND, true), null)
                        .ignore(NOW)
                        .isEmpty())
                .isTrue();
        assertThat(notices(new RelationshipPair(ME, THEM, mine(NONE, true), null).unignore()))
                .containsExactly("REMOVE 1:NONE");
        assertThat(notices(new RelationshipPair(ME, THEM, mine(FRIEND, true), null).unignore()))
                .containsExactly("UPDATE 1:FRIEND");
        assertThat(new RelationshipPair(ME, THEM, null, null).unignore().isEmpty())
                .isTrue();
    }
}
