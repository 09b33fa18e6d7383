package dev.concord.guild.automod;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code PUT /guilds/{guild.id}/incident-actions}: until when the guild's invites and its
 * members' DMs are paused. A PUT sets both: one left out (or null) is no pause. How far ahead they may
 * reach (24 hours) depends on the time, so the service checks it.
 */
record IncidentActionsRequest(
        Possible<Optional<Instant>> invitesDisabledUntil, Possible<Optional<Instant>> dmsDisabledUntil)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        // Every value of both fields is a timestamp or null, which the body's reading already ensured.
    }

    @Nullable
    Instant invitesOrNull() {
        return Possible.valueOrNull(invitesDisabledUntil);
    }

    @Nullable
    Instant dmsOrNull() {
        return Possible.valueOrNull(dmsDisabledUntil);
    }
}
