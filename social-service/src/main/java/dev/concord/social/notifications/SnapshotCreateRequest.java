package dev.concord.social.notifications;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code POST /users/@me/notification-settings/snapshots}: an optional label. */
record SnapshotCreateRequest(Possible<String> label) implements Violations.Validatable {

    static final int MAX_LABEL = 100;

    @Override
    public void validate(Violations v) {
        v.length("label", label.orNull(), 0, MAX_LABEL);
    }
}
