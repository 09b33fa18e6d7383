package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One emoji's reactions as a message carries them: the count (no burst reactions on this platform), whether
 * the reader is among them, and the emoji.
 */
record ReactionView(
        long count, CountDetails countDetails, boolean me, boolean meBurst, List<String> burstColors, EmojiView emoji) {

    record CountDetails(long burst, long normal) {}

    /** A custom emoji with its id (and {@code animated}), a Unicode one with its id null. */
    record EmojiView(
            @Nullable Snowflake id,
            String name,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            Boolean animated) {

        static EmojiView of(@Nullable Snowflake id, String name, boolean animated) {
            return new EmojiView(id, name, id == null ? null : animated);
        }
    }

    static ReactionView of(Reactions.Count count) {
        return new ReactionView(
                count.count(),
                new CountDetails(0, count.count()),
                count.me(),
                false,
                List.of(),
                EmojiView.of(count.emojiId(), count.emojiName(), count.animated()));
    }
}
