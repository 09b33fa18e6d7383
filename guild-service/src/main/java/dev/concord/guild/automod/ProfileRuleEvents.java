package dev.concord.guild.automod;

import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_ACTION_EXECUTION;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_PROFILE_ALERT;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.MatchSource;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a verdict on a member's names sends: AUTO_MODERATION_ACTION_EXECUTION for each QUARANTINE_USER and
 * SEND_ALERT_MESSAGE of the triggered rules, and for each alert the AUTO_MODERATION_PROFILE_ALERT from which
 * webhook-service, which keeps messages, posts the alert in the action's channel under the id the execution
 * names as {@code alert_system_message_id}. Both go in the transaction of the change they report.
 */
final class ProfileRuleEvents {

    private ProfileRuleEvents() {}

    static List<DomainEvent> of(ProfileRules.Verdict verdict, ProfileRules.Occasion occasion, SnowflakeGenerator ids) {
        List<DomainEvent> events = new ArrayList<>();
        for (ProfileRules.Hit hit : verdict.hits()) {
            for (RuleAction action : hit.rule().actions()) {
                if (action.type() == AutomodAction.QUARANTINE_USER) {
                    events.add(execution(verdict, hit, action, null));
                } else if (action.type() == AutomodAction.SEND_ALERT_MESSAGE
                        && action.metadata().channelId() != null) {
                    Snowflake alertId = ids.next();
                    events.add(execution(verdict, hit, action, alertId));
                    events.add(alert(verdict, hit, occasion, action.metadata().channelId(), alertId));
                }
            }
        }
        return events;
    }

    private static DomainEvent execution(
            ProfileRules.Verdict verdict, ProfileRules.Hit hit, RuleAction action, @Nullable Snowflake alertId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("guild_id", verdict.guildId());
        data.put("action", action);
        data.put("rule_id", hit.rule().id());
        data.put("rule_trigger_type", hit.rule().triggerType());
        data.put("user_id", verdict.userId());
        if (alertId != null) {
            data.put("alert_system_message_id", alertId);
        }
        data.put("content", hit.trigger().content());
        data.put("matched_keyword", hit.trigger().matchedKeyword());
        data.put("matched_content", hit.trigger().matchedContent());
        return new DomainEvent(
                AUTO_MODERATION_ACTION_EXECUTION,
                verdict.guildId().asString(),
                new Audience(null, verdict.guildId(), null, Permission.MANAGE_GUILD.name()),
                data);
    }

    /** The alert to post, with the seed's profile fields; for services only (no session hears it). */
    private static DomainEvent alert(
            ProfileRules.Verdict verdict,
            ProfileRules.Hit hit,
            ProfileRules.Occasion occasion,
            Snowflake channelId,
            Snowflake alertId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("guild_id", verdict.guildId());
        data.put("channel_id", channelId);
        data.put("message_id", alertId);
        data.put("user_id", verdict.userId());
        data.put("rule_id", hit.rule().id());
        data.put("rule_name", hit.rule().name());
        data.put("content", hit.trigger().content());
        data.put("keyword", hit.trigger().matchedKeyword());
        data.put("keyword_matched_content", hit.trigger().matchedContent());
        data.put("quarantine_user", quarantinedName(hit.trigger().source()));
        switch (occasion) {
            case GUILD_JOIN -> flagged(data, hit, "guild_join");
            case USERNAME_UPDATE -> flagged(data, hit, "username_update");
            case NICKNAME_UPDATE -> {
                // The new nickname was refused: the member is not quarantined for it, the change is blocked.
                data.put("decision_outcome", "blocked");
                data.put("quarantine_user_action", "block_profile_update");
                data.put("block_profile_update_type", "nickname_update");
            }
        }
        return new DomainEvent(
                AUTO_MODERATION_PROFILE_ALERT, verdict.guildId().asString(), Audience.users(List.of()), data);
    }

    /** A name flagged when the member joined or took it: quarantined if the rule says so. */
    private static void flagged(Map<String, Object> data, ProfileRules.Hit hit, String quarantineEvent) {
        data.put("decision_outcome", "flagged");
        if (hit.has(AutomodAction.QUARANTINE_USER)) {
            data.put("quarantine_user_action", "quarantine_user");
        }
        data.put("quarantine_event", quarantineEvent);
    }

    /** The seed's {@code quarantine_user} value for the name that was flagged. */
    private static String quarantinedName(MatchSource source) {
        return switch (source) {
            case USERNAME -> "username";
            case GLOBAL_NAME -> "display_name";
            default -> "nickname";
        };
    }
}
