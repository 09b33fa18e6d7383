package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The emoji a reaction route names ({@code {emoji}}, URL-decoded): a custom emoji as {@code name:id} (or
 * {@code a:name:id}), or a Unicode emoji as itself. Anything else is refused with 400 naming {@code emoji}.
 */
record ReactionEmoji(@Nullable Snowflake id, String name) {

    private static final Pattern CUSTOM = Pattern.compile("(?:a:)?([A-Za-z0-9_~]{1,32}):(\\d{1,20})");
    /** The longest Unicode emoji sequences (families, flags of regions) are well under this. */
    private static final int MAX_UNICODE_CHARS = 32;

    boolean isCustom() {
        return id != null;
    }

    /** What a reaction is stored under: a custom emoji's id, a Unicode one's text. */
    String key() {
        return id != null ? id.asString() : name;
    }

    static ReactionEmoji parse(String text) {
        Matcher custom = CUSTOM.matcher(text);
        if (custom.matches()) {
            Snowflake id = Snowflake.parseOrNull(custom.group(2));
            if (id != null) {
                return new ReactionEmoji(id, custom.group(1));
            }
        } else if (isUnicodeEmoji(text)) {
            return new ReactionEmoji(null, text);
        }
        throw new Violations()
                .add("emoji", "BASE_TYPE_INVALID", "Must be a Unicode emoji or name:id of a custom emoji.")
                .toException();
    }

    /**
     * Whether the text reads as one Unicode emoji: short, with a symbol (or a keycap, or regional indicators
     * for a flag) and nothing of plain text (letters, spaces, controls, colons).
     */
    static boolean isUnicodeEmoji(String text) {
        if (text.isEmpty() || text.length() > MAX_UNICODE_CHARS) {
            return false;
        }
        boolean symbol = false;
        for (int at = 0; at < text.length(); ) {
            int point = text.codePointAt(at);
            at += Character.charCount(point);
            if (Character.isLetter(point)
                    || Character.isWhitespace(point)
                    || Character.isISOControl(point)
                    || point == ':') {
                return false;
            }
            int type = Character.getType(point);
            if (type == Character.OTHER_SYMBOL || point == 0x20E3 || (point >= 0x1F1E6 && point <= 0x1F1FF)) {
                symbol = true;
            }
        }
        return symbol;
    }
}
