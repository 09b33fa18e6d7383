package dev.concord.platform.test.hostile;

import java.util.List;

/**
 * One field of a request body: its path from the body's root ({@code ["custom_status", "text"]} for a
 * nested record's field) and its kind.
 */
public record BodyField(List<String> path, FieldKind kind) {

    String name() {
        return String.join(".", path);
    }
}
