package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code PATCH /guilds/{guild.id}/auto-moderation/rules/{rule.id}}: what is sent replaces the
 * rule's field, what is left out stays. {@code trigger_metadata} replaces the metadata whole (null: the
 * trigger type's defaults); {@code enabled} null is false; null exempt lists are empty. The trigger type
 * never changes: sending another is refused, sending the rule's own is harmless. The checks that need the
 * rule's trigger type run once the rule is read ({@link #validateFor}).
 */
record RuleModifyRequest(
        Possible<String> name,
        Possible<Integer> eventType,
        Possible<Integer> triggerType,
        Possible<Optional<TriggerMetadataRequest>> triggerMetadata,
        Possible<List<ActionRequest>> actions,
        Possible<Optional<Boolean>> enabled,
        Possible<Optional<List<Snowflake>>> exemptRoles,
        Possible<Optional<List<Snowflake>>> exemptChannels)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("name", name);
        v.notNullIfSent("event_type", eventType);
        v.notNullIfSent("trigger_type", triggerType);
        v.notNullIfSent("actions", actions);
        RuleChecks.shapes(v, name.orNull(), exemptRolesOrNull(), exemptChannelsOrNull());
        v.oneOf("event_type", eventType.orNull(), AutoModerationTypes.EVENT_TYPES);
    }

    /** The checks that depend on the trigger type of the rule being changed. */
    void validateFor(Violations v, int ruleTriggerType) {
        Integer trigger = triggerType.orNull();
        if (trigger != null && trigger != ruleTriggerType) {
            v.add("trigger_type", "AUTO_MODERATION_TRIGGER_TYPE_IMMUTABLE", "A rule's trigger type cannot change.");
        }
        RuleChecks.eventType(v, ruleTriggerType, eventType.orNull());
        if (triggerMetadata.isPresent()) {
            TriggerMetadataChecks.check(v.at("trigger_metadata"), ruleTriggerType, metadataOrNone());
        }
        RuleChecks.exemptChannels(v, ruleTriggerType, exemptChannelsOrNull());
        RuleChecks.actions(v, ruleTriggerType, actions.orNull());
    }

    TriggerMetadataRequest metadataOrNone() {
        TriggerMetadataRequest metadata = Possible.valueOrNull(triggerMetadata);
        return metadata == null ? TriggerMetadataRequest.NONE : metadata;
    }

    @Nullable
    List<Snowflake> exemptRolesOrNull() {
        return Possible.valueOrNull(exemptRoles);
    }

    @Nullable
    List<Snowflake> exemptChannelsOrNull() {
        return Possible.valueOrNull(exemptChannels);
    }
}
