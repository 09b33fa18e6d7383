package dev.concord.social.relationships;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a user sees another, with the platform's numbers. */
enum RelationshipType {
    NONE(0),
    FRIEND(1),
    BLOCKED(2),
    INCOMING_REQUEST(3),
    OUTGOING_REQUEST(4),
    IMPLICIT(5);

    private final int value;

    RelationshipType(int value) {
        this.value = value;
    }

    @JsonValue
    int value() {
        return value;
    }

    static RelationshipType of(int value) {
        return values()[value];
    }

    /** A friendship or a request: the kinds that exist on both sides at once. */
    boolean isMutual() {
        return this == FRIEND || this == INCOMING_REQUEST || this == OUTGOING_REQUEST;
    }
}
