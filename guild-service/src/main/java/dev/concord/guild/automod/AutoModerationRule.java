package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import java.util.List;

/**
 * An auto moderation rule as the platform answers it (its endpoints, its events, and the internal read
 * of a guild's enabled rules); ids as strings on the wire.
 */
record AutoModerationRule(
        Snowflake id,
        Snowflake guildId,
        String name,
        Snowflake creatorId,
        int eventType,
        int triggerType,
        TriggerMetadata triggerMetadata,
        List<RuleAction> actions,
        boolean enabled,
        List<Snowflake> exemptRoles,
        List<Snowflake> exemptChannels) {

    AutoModerationRule {
        actions = List.copyOf(actions);
        exemptRoles = List.copyOf(exemptRoles);
        exemptChannels = List.copyOf(exemptChannels);
    }
}
