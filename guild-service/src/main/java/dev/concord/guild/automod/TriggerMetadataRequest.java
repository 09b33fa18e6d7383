package dev.concord.guild.automod;

import dev.concord.platform.json.Possible;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A rule's {@code trigger_metadata} as sent: every field any trigger type reads. Which of them a rule keeps,
 * and their limits, depend on its trigger type ({@link TriggerMetadataChecks}, {@link TriggerMetadata}).
 */
record TriggerMetadataRequest(
        Possible<Optional<List<String>>> keywordFilter,
        Possible<Optional<List<String>>> regexPatterns,
        Possible<Optional<List<Integer>>> presets,
        Possible<Optional<List<String>>> allowList,
        Possible<Optional<Integer>> mentionTotalLimit,
        Possible<Optional<Boolean>> mentionRaidProtectionEnabled) {

    /** Metadata that sent nothing: what a rule whose body left {@code trigger_metadata} out (or null) has. */
    static final TriggerMetadataRequest NONE = new TriggerMetadataRequest(
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent());

    @Nullable
    List<String> keywordFilterOrNull() {
        return Possible.valueOrNull(keywordFilter);
    }

    @Nullable
    List<String> regexPatternsOrNull() {
        return Possible.valueOrNull(regexPatterns);
    }

    @Nullable
    List<Integer> presetsOrNull() {
        return Possible.valueOrNull(presets);
    }

    @Nullable
    List<String> allowListOrNull() {
        return Possible.valueOrNull(allowList);
    }

    @Nullable
    Integer mentionTotalLimitOrNull() {
        return Possible.valueOrNull(mentionTotalLimit);
    }

    @Nullable
    Boolean mentionRaidProtectionEnabledOrNull() {
        return Possible.valueOrNull(mentionRaidProtectionEnabled);
    }
}
