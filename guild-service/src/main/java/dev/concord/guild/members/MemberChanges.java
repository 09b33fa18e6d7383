package dev.concord.guild.members;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ColumnChanges.Change;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.automod.ProfileRules;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The columns a validated member PATCH changes. */
final class MemberChanges {

    private MemberChanges() {}

    /**
     * {@code roleIds}: the roles asked for, sorted and without repeats; {@code releasesQuarantine}: the
     * member's names, as changed, no longer trigger the guild's USER_PROFILE rule.
     */
    static List<Change> of(
            MemberModifyRequest request, MemberRow member, long[] roleIds, Instant now, boolean releasesQuarantine) {
        List<Change> changes = new ArrayList<>();
        ColumnChanges.addIfChanged(changes, "nick", request.storedNick(), member.nick(), String.class);
        if (request.roles().isPresent()
                && !Arrays.equals(
                        roleIds, Arrays.stream(member.roleIds()).sorted().toArray())) {
            changes.add(new Change("role_ids", Arrays.stream(roleIds).boxed().toArray(Long[]::new), Long[].class));
        }
        ColumnChanges.addIfChanged(changes, "mute", request.mute(), member.mute(), Boolean.class);
        ColumnChanges.addIfChanged(changes, "deaf", request.deaf(), member.deaf(), Boolean.class);
        // A timeout that has run out is no timeout: ending it again changes nothing.
        Instant until = member.communicationDisabledUntil();
        Instant current = until != null && until.isAfter(now) ? until : null;
        ColumnChanges.addIfChanged(
                changes,
                "communication_disabled_until",
                request.communicationDisabledUntil().map(value -> value.filter(end -> end.isAfter(now))),
                current,
                Instant.class);
        int flags = member.flags();
        if (request.flags().isPresent()) {
            flags = flags & ~MemberModifyRequest.BYPASSES_VERIFICATION
                    | request.flags().get() & MemberModifyRequest.BYPASSES_VERIFICATION;
        }
        if (releasesQuarantine) {
            flags &= ~ProfileRules.QUARANTINED_USERNAME;
        }
        ColumnChanges.addIfDifferent(changes, "flags", flags, member.flags(), Integer.class);
        return changes;
    }
}
