package dev.concord.guild.automod;

import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_CREATE;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_DELETE;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.permissions.Permission;

/**
 * AUTO_MODERATION_RULE_* on {@code guild.events}, keyed by guild id, with the rule as data, to the guild's
 * members who may manage it: the rules are theirs to see (every rule endpoint needs MANAGE_GUILD).
 */
final class AutoModerationEvents {

    private AutoModerationEvents() {}

    static DomainEvent created(AutoModerationRule rule) {
        return of(AUTO_MODERATION_RULE_CREATE, rule);
    }

    static DomainEvent updated(AutoModerationRule rule) {
        return of(AUTO_MODERATION_RULE_UPDATE, rule);
    }

    static DomainEvent deleted(AutoModerationRule rule) {
        return of(AUTO_MODERATION_RULE_DELETE, rule);
    }

    private static DomainEvent of(String type, AutoModerationRule rule) {
        return new DomainEvent(
                type,
                rule.guildId().asString(),
                new Audience(null, rule.guildId(), null, Permission.MANAGE_GUILD.name()),
                rule);
    }
}
