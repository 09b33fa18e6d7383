package dev.concord.social.relationships;

import java.util.ArrayList;
import java.util.List;

/**
 * What a move changes: the rows to save and to delete, and what each side is told, in order. A move that
 * changes nothing has no rows and no notices, so nothing is written and nothing is published.
 */
final class Outcome {

    /** What one side's client is told: {@code row} as it now is (added, updated) or as it was (removed). */
    record Notice(Kind kind, RelationshipRow row) {}

    enum Kind {
        ADD,
        UPDATE,
        REMOVE
    }

    private final List<RelationshipRow> saved = new ArrayList<>();
    private final List<RelationshipRow> deleted = new ArrayList<>();
    private final List<Notice> notices = new ArrayList<>();

    static Outcome nothing() {
        return new Outcome();
    }

    Outcome add(RelationshipRow row) {
        saved.add(row);
        notices.add(new Notice(Kind.ADD, row));
        return this;
    }

    Outcome update(RelationshipRow row) {
        saved.add(row);
        notices.add(new Notice(Kind.UPDATE, row));
        return this;
    }

    /**
     * Ends {@code row}'s relationship. A user who ignores the target keeps a NONE row carrying that, and
     * their client is told of the change instead of the removal.
     */
    Outcome end(RelationshipRow row) {
        if (row.userIgnored() && !row.is(RelationshipType.NONE)) {
            return update(row.withType(RelationshipType.NONE, row.since()));
        }
        deleted.add(row);
        notices.add(new Notice(Kind.REMOVE, row));
        return this;
    }

    Outcome merge(Outcome other) {
        saved.addAll(other.saved);
        deleted.addAll(other.deleted);
        notices.addAll(other.notices);
        return this;
    }

    List<RelationshipRow> saved() {
        return saved;
    }

    List<RelationshipRow> deleted() {
        return deleted;
    }

    List<Notice> notices() {
        return notices;
    }

    boolean isEmpty() {
        return notices.isEmpty();
    }
}
