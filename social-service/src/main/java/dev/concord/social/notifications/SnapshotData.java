package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;
import org.jspecify.annotations.Nullable;

/**
 * A kept copy of a user's guild settings, as listed (the settings themselves are not shown).
 *
 * @param length the size of the kept copy, in bytes
 */
record SnapshotData(Snowflake id, @Nullable String label, OffsetDateTime recordedAt, int length) {}
