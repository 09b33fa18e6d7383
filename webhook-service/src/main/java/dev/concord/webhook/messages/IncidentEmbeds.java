package dev.concord.webhook.messages;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The embed of a guild incident notification (a raid reported by a moderator, a mention raid detected), as
 * the platform collapses its fields into name / value strings. The embed's type is the platform's
 * {@code auto_moderation_notification}, beside the alerts' {@code auto_moderation_message}.
 */
final class IncidentEmbeds {

    static final String RAID = "raid";
    static final String MENTION_RAID = "mention_raid";
    static final String JOIN_RAID_TYPE = "JOIN_RAID";
    static final String MENTION_RAID_TYPE = "MENTION_RAID";

    private IncidentEmbeds() {}

    /**
     * The embeds of one notification: {@code notification_type}, a fresh {@code decision_id}, the raid's type
     * and time, and for a mention raid until when mentions stay suspicious.
     */
    static JsonNode of(
            String notificationType,
            String decisionId,
            String raidType,
            Instant raidAt,
            @Nullable Instant suspiciousMentionsUntil) {
        ObjectNode embed = JsonNodeFactory.instance.objectNode();
        embed.put("type", "auto_moderation_notification");
        ArrayNode fields = embed.putArray("fields");
        AlertEmbeds.field(fields, "notification_type", notificationType);
        AlertEmbeds.field(fields, "decision_id", decisionId);
        AlertEmbeds.field(fields, "raid_type", raidType);
        AlertEmbeds.field(fields, "raid_datetime", iso(raidAt));
        if (suspiciousMentionsUntil != null) {
            AlertEmbeds.field(fields, "suspicious_mention_activity_until", iso(suspiciousMentionsUntil));
        }
        return JsonNodeFactory.instance.arrayNode().add(embed);
    }

    static String iso(Instant at) {
        return at.truncatedTo(ChronoUnit.MILLIS).toString();
    }
}
