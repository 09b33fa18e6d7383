package dev.concord.guild.automod;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Optional;

/**
 * The body of {@code POST /guilds/{guild.id}/auto-moderation/rules/validate}: a {@code trigger_metadata}
 * checked on its own, with no trigger type to tell which fields a rule would keep
 * ({@link TriggerMetadataChecks#check} with none: every field, the largest limit any type allows).
 */
record RuleValidateRequest(Possible<Optional<TriggerMetadataRequest>> triggerMetadata)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("trigger_metadata", Possible.valueOrNull(triggerMetadata));
        TriggerMetadataRequest metadata = Possible.valueOrNull(triggerMetadata);
        if (metadata != null) {
            TriggerMetadataChecks.check(v.at("trigger_metadata"), null, metadata);
        }
    }

    TriggerMetadata normalized() {
        return TriggerMetadata.asSent(triggerMetadata.get().orElseThrow());
    }
}
