package dev.concord.webhook.messages;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.Trigger;
import dev.concord.webhook.automod.ActionExecutions;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The embed of an auto moderation alert, as the platform collapses its fields: name / value pairs, values
 * strings. The description holds the content that triggered the rule; {@code flagged_message_id} names the
 * message when it was stored, and {@code decision_outcome} says whether it was blocked or only flagged.
 */
record AlertEmbeds(ObjectNode embed) {

    static AlertEmbeds of(
            String ruleName, String decisionId, ActionExecutions.Judged judged, Trigger trigger, List<Trigger> all) {
        ObjectNode embed = JsonNodeFactory.instance.objectNode();
        embed.put("type", "auto_moderation_message");
        embed.put("description", trigger.content());
        ArrayNode fields = embed.putArray("fields");
        field(fields, "rule_name", ruleName);
        field(fields, "decision_id", decisionId);
        field(fields, "channel_id", judged.channelId().asString());
        if (judged.messageId() != null) {
            field(fields, "flagged_message_id", judged.messageId().asString());
        }
        field(fields, "decision_outcome", judged.messageId() == null ? "blocked" : "flagged");
        field(fields, "keyword", trigger.matchedKeyword() == null ? "" : trigger.matchedKeyword());
        field(fields, "keyword_matched_content", trigger.matchedContent() == null ? "" : trigger.matchedContent());
        all.stream()
                .flatMap(triggered -> triggered.rule().actions().stream())
                .filter(action -> action.type() == AutomodAction.TIMEOUT_USER)
                .mapToInt(AutomodAction::durationSeconds)
                .max()
                .ifPresent(seconds -> field(fields, "timeout_duration", Integer.toString(seconds)));
        return new AlertEmbeds(embed);
    }

    /**
     * The alert of a USER_PROFILE rule on a member's names, from guild-service's AUTO_MODERATION_PROFILE_ALERT:
     * the flagged name as the description, no channel or message, and which name it was, what the rule did
     * ({@code quarantine_user_action}, when it quarantined) and when ({@code quarantine_event}).
     */
    static AlertEmbeds ofProfile(JsonNode alert) {
        ObjectNode embed = JsonNodeFactory.instance.objectNode();
        embed.put("type", "auto_moderation_message");
        embed.put("description", alert.path("content").asString(""));
        ArrayNode fields = embed.putArray("fields");
        field(fields, "rule_name", alert.path("rule_name").asString(""));
        field(fields, "decision_id", alert.path("message_id").asString(""));
        field(fields, "decision_outcome", alert.path("decision_outcome").asString("flagged"));
        field(fields, "keyword", alert.path("keyword").asString(""));
        field(
                fields,
                "keyword_matched_content",
                alert.path("keyword_matched_content").asString(""));
        for (String name :
                List.of("block_profile_update_type", "quarantine_user", "quarantine_user_action", "quarantine_event")) {
            String value = alert.path(name).asString(null);
            if (value != null) {
                field(fields, name, value);
            }
        }
        return new AlertEmbeds(embed);
    }

    JsonNode asArray() {
        return JsonNodeFactory.instance.arrayNode().add(embed);
    }

    /** The value of the first embed's field of that name, as stored (null when it has none). */
    static @Nullable String fieldValue(JsonNode embeds, String name) {
        for (JsonNode field : embeds.path(0).path("fields")) {
            if (name.equals(field.path("name").asString(null))) {
                return field.path("value").asString(null);
            }
        }
        return null;
    }

    /** A copy of the embeds whose first embed has the field set to {@code value}, replaced or added last. */
    static JsonNode withField(JsonNode embeds, String name, String value) {
        JsonNode copy = embeds.deepCopy();
        if (!(copy.path(0) instanceof ObjectNode embed)) {
            return copy;
        }
        JsonNode fields = embed.path("fields");
        ArrayNode kept = fields instanceof ArrayNode array ? array : embed.putArray("fields");
        for (JsonNode field : kept) {
            if (name.equals(field.path("name").asString(null)) && field instanceof ObjectNode found) {
                found.put("value", value);
                return copy;
            }
        }
        field(kept, name, value);
        return copy;
    }

    static void field(ArrayNode fields, String name, String value) {
        fields.addObject().put("name", name).put("value", value).put("inline", false);
    }
}
