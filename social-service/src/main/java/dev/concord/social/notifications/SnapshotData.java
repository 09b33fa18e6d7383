package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;

/**
 * A kept copy of a user's guild settings, as listed (the settings themselves are not shown).
 *
 * @param length the size of the kept copy, in bytes
 */
record SnapshotData(Snowflake id, String label, OffsetDateTime recordedAt, int length) {}
