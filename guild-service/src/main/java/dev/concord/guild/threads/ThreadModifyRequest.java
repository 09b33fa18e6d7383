package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /channels/{thread.id}} for a thread: any subset of its settings. Null leaves a
 * field as it is (the platform's description allows null on each). {@code invitable} is a private
 * thread's; {@code flags} (PINNED) and {@code applied_tags} a forum post's.
 */
record ThreadModifyRequest(
        Possible<Optional<String>> name,
        Possible<Optional<Boolean>> archived,
        Possible<Optional<Integer>> autoArchiveDuration,
        Possible<Optional<Boolean>> locked,
        Possible<Optional<Boolean>> invitable,
        Possible<Optional<Integer>> rateLimitPerUser,
        Possible<Optional<Integer>> flags,
        Possible<Optional<List<Snowflake>>> appliedTags)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        String named = Possible.valueOrNull(name);
        v.length("name", named == null ? null : named.strip(), 1, ThreadTypes.MAX_NAME);
        v.oneOf("auto_archive_duration", Possible.valueOrNull(autoArchiveDuration), ThreadTypes.AUTO_ARCHIVE_DURATIONS);
        v.range("rate_limit_per_user", Possible.valueOrNull(rateLimitPerUser), 0, ThreadTypes.MAX_SLOWMODE);
        v.flags("flags", Possible.valueOrNull(flags), ThreadTypes.PINNED);
        v.maxItems("applied_tags", Possible.valueOrNull(appliedTags), ThreadTypes.MAX_APPLIED_TAGS);
    }

    /** The body's one wish that an archived thread honours: to be opened again. */
    boolean opens() {
        return Boolean.FALSE.equals(Possible.valueOrNull(archived));
    }
}
