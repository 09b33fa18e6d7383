package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /guilds/{guild.id}/auto-moderation/rules}: a name (1-100), the trigger type
 * (1, 3, 4, 5, 6 or 7) and the event it is checked on, the trigger's metadata (required for the types
 * that read it: KEYWORD, KEYWORD_PRESET, MENTION_SPAM, USER_PROFILE), 1-5 actions, whether it is enabled
 * (false unless sent), and up to 20 roles and 50 channels it spares. Everything the body alone decides is
 * checked here; what needs the guild (its roles and channels, the caller's MODERATE_MEMBERS, the rules it
 * has) by the service.
 */
record RuleCreateRequest(
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
        v.required("name", name.orNull());
        v.required("event_type", eventType.orNull());
        v.required("trigger_type", triggerType.orNull());
        v.required("actions", actions.orNull());
        RuleChecks.shapes(v, name.orNull(), exemptRolesOrNull(), exemptChannelsOrNull());
        v.oneOf("event_type", eventType.orNull(), AutoModerationTypes.EVENT_TYPES);
        v.oneOf("trigger_type", triggerType.orNull(), AutoModerationTypes.TRIGGER_TYPES);
        Integer trigger = triggerType.orNull();
        if (trigger == null || !AutoModerationTypes.TRIGGER_TYPES.contains(trigger)) {
            RuleChecks.actions(v, null, actions.orNull());
            return;
        }
        RuleChecks.eventType(v, trigger, eventType.orNull());
        TriggerMetadataRequest metadata = Possible.valueOrNull(triggerMetadata);
        if (metadata == null && readsMetadata(trigger)) {
            v.required("trigger_metadata", null);
        } else {
            TriggerMetadataChecks.check(
                    v.at("trigger_metadata"), trigger, metadata == null ? TriggerMetadataRequest.NONE : metadata);
        }
        RuleChecks.exemptChannels(v, trigger, exemptChannelsOrNull());
        RuleChecks.actions(v, trigger, actions.orNull());
    }

    /** SPAM and GUILD_POLICY rules read no metadata; every other trigger needs its own. */
    private static boolean readsMetadata(int triggerType) {
        return triggerType != AutoModerationTypes.SPAM && triggerType != AutoModerationTypes.GUILD_POLICY;
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
