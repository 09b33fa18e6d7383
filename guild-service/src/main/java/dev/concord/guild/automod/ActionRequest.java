package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** One of a rule's {@code actions} as sent: its type and the metadata that type reads. */
record ActionRequest(Possible<Integer> type, Possible<Optional<Metadata>> metadata) {

    /** An action's {@code metadata} as sent; each action type reads its own field. */
    record Metadata(
            Possible<Optional<Snowflake>> channelId,
            Possible<Optional<Integer>> durationSeconds,
            Possible<Optional<String>> customMessage) {}

    @Nullable
    Snowflake channelIdOrNull() {
        Metadata sent = Possible.valueOrNull(metadata);
        return sent == null ? null : Possible.valueOrNull(sent.channelId());
    }

    @Nullable
    Integer durationSecondsOrNull() {
        Metadata sent = Possible.valueOrNull(metadata);
        return sent == null ? null : Possible.valueOrNull(sent.durationSeconds());
    }

    @Nullable
    String customMessageOrNull() {
        Metadata sent = Possible.valueOrNull(metadata);
        return sent == null ? null : Possible.valueOrNull(sent.customMessage());
    }
}
