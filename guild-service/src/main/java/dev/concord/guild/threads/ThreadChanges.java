package dev.concord.guild.threads;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.threads.ThreadAccesses.InThread;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The columns a thread's PATCH changes, each checked against who may change it: the name, the archive
 * duration and a post's tags its owner or a thread manager; locking, slowmode, pinning and {@code invitable}
 * a thread manager. Values equal to the current ones change nothing and need no permission.
 */
final class ThreadChanges {

    private ThreadChanges() {}

    private static <T> boolean differs(Possible<Optional<T>> requested, Object current) {
        T value = Possible.valueOrNull(requested);
        return value != null && !Objects.equals(value, current);
    }

    /** The columns the request changes, each checked against who may change it; archiving is apart. */
    static List<ColumnChanges.Change> of(InThread in, ThreadModifyRequest request, Instant now) {
        ThreadData thread = in.thread();
        boolean manager = in.has(Permission.MANAGE_THREADS);
        boolean ownerOrManager = manager || in.isOwner();
        boolean post = in.parent().channel().availableTags().isPresent();
        Violations violations = new Violations();
        if (differs(request.invitable(), thread.threadMetadata().invitable().orElse(true)) && !thread.isPrivate()) {
            violations.add("invitable", "THREAD_INVITABLE_INVALID", "Only private threads are invitable.");
        }
        if (differs(request.flags(), thread.flags()) && !post) {
            violations.add("flags", "THREAD_FLAGS_INVALID", "Only a forum post can be pinned.");
        }
        if (differs(request.appliedTags(), thread.appliedTags()) && !post) {
            violations.add("applied_tags", "THREAD_TAGS_INVALID", "Only a forum post has tags.");
        }
        violations.throwIfAny();
        List<ColumnChanges.Change> changes = new ArrayList<>();
        String name = Possible.valueOrNull(request.name());
        requireIf(ownerOrManager, changes, "name", name == null ? null : name.strip(), thread.name(), String.class);
        Integer duration = Possible.valueOrNull(request.autoArchiveDuration());
        if (requireIf(
                ownerOrManager,
                changes,
                "auto_archive_duration",
                duration,
                thread.threadMetadata().autoArchiveDuration(),
                Integer.class)) {
            // A new duration counts from now, as if someone had just written.
            changes.add(new ColumnChanges.Change(
                    "archive_due_at",
                    now.plusSeconds(60L * Objects.requireNonNull(duration)).atOffset(ZoneOffset.UTC),
                    OffsetDateTime.class));
        }
        requireIf(manager, changes, "locked", Possible.valueOrNull(request.locked()), thread.locked(), Boolean.class);
        requireIf(
                manager,
                changes,
                "rate_limit_per_user",
                Possible.valueOrNull(request.rateLimitPerUser()),
                thread.rateLimitPerUser(),
                Integer.class);
        requireIf(manager, changes, "flags", Possible.valueOrNull(request.flags()), thread.flags(), Integer.class);
        requireIf(
                manager,
                changes,
                "invitable",
                Possible.valueOrNull(request.invitable()),
                thread.threadMetadata().invitable().orElse(true),
                Boolean.class);
        List<Snowflake> tags = Possible.valueOrNull(request.appliedTags());
        if (tags != null && !tags.equals(thread.appliedTags())) {
            List<Snowflake> checked = ForumPostTags.check(in.parent().channel(), tags, manager);
            requireIf(
                    ownerOrManager,
                    changes,
                    "applied_tags",
                    checked.stream().map(Snowflake::value).toArray(Long[]::new),
                    null,
                    Long[].class);
        }
        return changes;
    }

    /** Adds the change when the value differs; 403 50013 when it does and the member may not make it. */
    private static boolean requireIf(
            boolean allowed,
            List<ColumnChanges.Change> changes,
            String column,
            @Nullable Object requested,
            @Nullable Object current,
            Class<?> type) {
        if (requested == null || Objects.equals(requested, current)) {
            return false;
        }
        if (!allowed) {
            throw ApiErrors.missingPermissions();
        }
        changes.add(new ColumnChanges.Change(column, requested, type));
        return true;
    }
}
