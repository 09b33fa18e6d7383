package dev.concord.guild.calls;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /channels/{id}/call/ring} and {@code .../stop-ringing}: whom to ring (absent or
 * null: every other recipient) or stop ringing (absent or null: oneself). At most the 10 recipients a group
 * DM holds.
 */
record CallRingRequest(Possible<Optional<List<Snowflake>>> recipients) implements Violations.Validatable {

    static final CallRingRequest EMPTY = new CallRingRequest(Possible.absent());

    /** A group DM's recipients at most. */
    static final int MAX_RECIPIENTS = 10;

    @Override
    public void validate(Violations v) {
        v.maxItems("recipients", named(), MAX_RECIPIENTS);
    }

    @Nullable
    List<Snowflake> named() {
        return Possible.valueOrNull(recipients);
    }
}
