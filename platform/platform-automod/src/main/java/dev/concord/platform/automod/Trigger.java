package dev.concord.platform.automod;

import org.jspecify.annotations.Nullable;

/**
 * A rule that triggered, with what the AUTO_MODERATION_ACTION_EXECUTION event and the alert embed show.
 *
 * @param matchedKeyword the rule's keyword as configured ({@code cat*}), the regex pattern, or the preset
 *     list's entry; null for MENTION_SPAM
 * @param matchedContent what it matched in the text: the whole word(s) for a keyword (the word
 *     {@code catch} for {@code cat*}), the matched substring for a regex; null for MENTION_SPAM
 * @param content the text that was judged ({@code source}): the message content, the embed text or the name
 * @param start where {@code matchedContent} starts in {@code content} (UTF-16 index), -1 for MENTION_SPAM
 * @param end where it ends (exclusive), -1 for MENTION_SPAM
 */
public record Trigger(
        AutomodRule rule,
        MatchSource source,
        @Nullable String matchedKeyword,
        @Nullable String matchedContent,
        String content,
        int start,
        int end) {}
