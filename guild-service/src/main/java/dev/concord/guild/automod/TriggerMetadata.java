package dev.concord.guild.automod;

import static dev.concord.guild.automod.AutoModerationTypes.KEYWORD;
import static dev.concord.guild.automod.AutoModerationTypes.KEYWORD_PRESET;
import static dev.concord.guild.automod.AutoModerationTypes.MENTION_SPAM;
import static dev.concord.guild.automod.AutoModerationTypes.USER_PROFILE;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A rule's {@code trigger_metadata} as the platform answers it: exactly the fields of the rule's trigger
 * type, each filled ({@code []}, {@code false} where nothing was sent); SPAM and GUILD_POLICY rules have
 * {@code {}}. Fields of other trigger types are dropped, as the platform drops them. Stored as it is
 * answered.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TriggerMetadata(
        @Nullable List<String> keywordFilter,
        @Nullable List<String> regexPatterns,
        @Nullable List<Integer> presets,
        @Nullable List<String> allowList,
        @Nullable Integer mentionTotalLimit,
        @Nullable Boolean mentionRaidProtectionEnabled) {

    /** The metadata a rule of {@code triggerType} keeps of what was sent (already checked). */
    static TriggerMetadata of(int triggerType, TriggerMetadataRequest sent) {
        return switch (triggerType) {
            case KEYWORD, USER_PROFILE ->
                new TriggerMetadata(
                        orEmpty(sent.keywordFilterOrNull()),
                        orEmpty(sent.regexPatternsOrNull()),
                        null,
                        orEmpty(sent.allowListOrNull()),
                        null,
                        null);
            case KEYWORD_PRESET ->
                new TriggerMetadata(
                        null,
                        null,
                        orEmpty(distinct(sent.presetsOrNull())),
                        orEmpty(sent.allowListOrNull()),
                        null,
                        null);
            case MENTION_SPAM ->
                new TriggerMetadata(
                        null,
                        null,
                        null,
                        null,
                        sent.mentionTotalLimitOrNull(),
                        Boolean.TRUE.equals(sent.mentionRaidProtectionEnabledOrNull()));
            default -> new TriggerMetadata(null, null, null, null, null, null);
        };
    }

    /**
     * What {@code POST .../rules/validate} answers: no trigger type is named there, so nothing is dropped
     * and no default filled in; each field sent (not null) comes back, presets each once.
     */
    static TriggerMetadata asSent(TriggerMetadataRequest sent) {
        return new TriggerMetadata(
                sent.keywordFilterOrNull(),
                sent.regexPatternsOrNull(),
                distinct(sent.presetsOrNull()),
                sent.allowListOrNull(),
                sent.mentionTotalLimitOrNull(),
                sent.mentionRaidProtectionEnabledOrNull());
    }

    private static <T> List<T> orEmpty(@Nullable List<T> values) {
        return values == null ? List.of() : values;
    }

    /** The platform keeps each preset once (its schema's {@code uniqueItems}). */
    private static @Nullable List<Integer> distinct(@Nullable List<Integer> presets) {
        return presets == null ? null : new ArrayList<>(new LinkedHashSet<>(presets));
    }
}
