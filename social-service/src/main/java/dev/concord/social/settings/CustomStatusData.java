package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * The text and emoji shown under a user's name. Sent and stored whole: a PATCH replaces it, so a field
 * left out of a sent custom status is null, not "unchanged".
 *
 * @param text up to {@value #MAX_TEXT} characters
 * @param emojiId a custom emoji; at most one of {@code emojiId} and {@code emojiName} is set
 * @param emojiName a unicode emoji
 * @param expiresAt when it disappears; none for never
 */
record CustomStatusData(
        @Nullable String text,
        @Nullable Snowflake emojiId,
        @Nullable String emojiName,
        @Nullable OffsetDateTime expiresAt) {

    static final int MAX_TEXT = 128;
    /** Custom emoji names are at most 32 characters; the longest unicode emoji sequences are far shorter. */
    static final int MAX_EMOJI_NAME = 32;

    /**
     * The form it is kept in: the text stripped of surrounding whitespace, as the platform strips it, and
     * an empty text is no text (so a status of only spaces and no emoji is no custom status at all, not a
     * blank line under the name); the expiry is in UTC so that equal instants compare (and diff) as equal
     * whatever offset the client wrote. The length limit applies to the stripped text.
     */
    public CustomStatusData {
        text = text == null || text.isBlank() ? null : text.strip();
        expiresAt = expiresAt == null ? null : expiresAt.withOffsetSameInstant(ZoneOffset.UTC);
    }

    /** Nothing to show: the same as no custom status, which is how it is stored. */
    boolean showsNothing() {
        return text == null && emojiId == null && emojiName == null;
    }

    boolean expiredAt(Instant now) {
        return expiresAt != null && !expiresAt.toInstant().isAfter(now);
    }

    void validate(Violations v, Instant now) {
        v.length("text", text, 0, MAX_TEXT);
        v.length("emoji_name", emojiName, 1, MAX_EMOJI_NAME);
        if (emojiId != null && emojiName != null) {
            v.add(null, "CUSTOM_STATUS_EMOJI_EXCLUSIVE", "Only one of emoji_id and emoji_name may be set.");
        }
        if (expiredAt(now)) {
            v.add("expires_at", "BASE_TYPE_INVALID", "Must be in the future.");
        }
    }
}
