package dev.concord.social.games;

import java.util.Arrays;

/** The relationship types a game relationship can have: a subset of the platform's relationship types. */
enum GameRelationshipType {
    FRIEND(1),
    INCOMING_REQUEST(3),
    OUTGOING_REQUEST(4);

    private final int value;

    GameRelationshipType(int value) {
        this.value = value;
    }

    int value() {
        return value;
    }

    static GameRelationshipType of(int value) {
        return Arrays.stream(values())
                .filter(type -> type.value == value)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a game relationship type: " + value));
    }
}
