package dev.concord.webhook.automod;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.KeywordPreset;
import dev.concord.platform.automod.TriggerMetadata;
import dev.concord.platform.automod.TriggerType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The platform's rule objects (as guild-service stores and answers them) as the engine takes them. Only
 * what judging and acting need is read: names and creators stay with guild-service. guild-service
 * validated every rule when it was written, so a field missing here reads as empty.
 */
final class RuleObjects {

    private RuleObjects() {}

    static List<AutomodRule> readAll(JsonNode rules) {
        List<AutomodRule> read = new ArrayList<>();
        for (JsonNode rule : rules) {
            read.add(read(rule));
        }
        return read;
    }

    /** Each rule's name by its id. */
    static Map<Long, String> names(JsonNode rules) {
        Map<Long, String> names = new HashMap<>();
        for (JsonNode rule : rules) {
            names.put(
                    Long.parseLong(rule.path("id").asString()),
                    rule.path("name").asString());
        }
        return Map.copyOf(names);
    }

    static AutomodRule read(JsonNode rule) {
        JsonNode metadata = rule.path("trigger_metadata");
        return new AutomodRule(
                Long.parseLong(rule.path("id").asString()),
                TriggerType.of(rule.path("trigger_type").asInt()),
                new TriggerMetadata(
                        strings(metadata.path("keyword_filter")),
                        strings(metadata.path("regex_patterns")),
                        presets(metadata.path("presets")),
                        strings(metadata.path("allow_list")),
                        metadata.path("mention_total_limit").asInt(0),
                        metadata.path("mention_raid_protection_enabled").asBoolean(false)),
                actions(rule.path("actions")),
                rule.path("enabled").asBoolean(false),
                ids(rule.path("exempt_roles")),
                ids(rule.path("exempt_channels")));
    }

    private static List<AutomodAction> actions(JsonNode actions) {
        List<AutomodAction> read = new ArrayList<>();
        for (JsonNode action : actions) {
            JsonNode metadata = action.path("metadata");
            JsonNode channel = metadata.path("channel_id");
            JsonNode message = metadata.path("custom_message");
            read.add(new AutomodAction(
                    action.path("type").asInt(),
                    channel.isString() ? Long.parseLong(channel.asString()) : 0,
                    metadata.path("duration_seconds").asInt(0),
                    message.isString() ? message.asString() : null));
        }
        return read;
    }

    private static List<String> strings(JsonNode values) {
        return values.valueStream().map(JsonNode::asString).toList();
    }

    private static Set<KeywordPreset> presets(JsonNode values) {
        Set<KeywordPreset> presets = new LinkedHashSet<>();
        values.valueStream().forEach(value -> presets.add(KeywordPreset.of(value.asInt())));
        return presets;
    }

    private static Set<Long> ids(JsonNode values) {
        Set<Long> ids = new LinkedHashSet<>();
        values.valueStream().forEach(value -> ids.add(Long.parseLong(value.asString())));
        return ids;
    }
}
