package dev.concord.bench.automod;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.KeywordPreset;
import dev.concord.platform.automod.TriggerMetadata;
import dev.concord.platform.automod.TriggerType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JMH benchmark's guild ({@link ModeratedGuild}, same seed) as the HTTP API takes it, for
 * {@code scripts/benchmark-automod-sends}: each rule's {@code POST /guilds/{id}/auto-moderation/rules}
 * body, enabled, its alert going to a channel of the run's guild; and message bodies of English-like
 * prose, so that a send through the edge is judged by exactly what the engine benchmark judges.
 *
 * <pre>{@code java -cp automod-engine-benchmark-*-jmh.jar dev.concord.bench.automod.RuleBodies <alert channel id> <dir>}</pre>
 *
 * writes {@code <dir>/rules.jsonl} and {@code <dir>/messages.jsonl}, one JSON body a line.
 */
public final class RuleBodies {

    static final int MESSAGES = 1000;
    static final int MESSAGE_BYTES = 100;

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private RuleBodies() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: RuleBodies <alert channel id> <output directory>");
        }
        long alertChannel = Long.parseLong(args[0]);
        Path directory = Files.createDirectories(Path.of(args[1]));
        List<String> rules = new ArrayList<>();
        for (AutomodRule rule : ModeratedGuild.generate(JudgeBenchmark.SEED).rules()) {
            rules.add(MAPPER.writeValueAsString(createBody(rule, alertChannel)));
        }
        Files.write(directory.resolve("rules.jsonl"), rules, StandardCharsets.UTF_8);
        Random random = new Random(JudgeBenchmark.SEED);
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            ObjectNode body = MAPPER.createObjectNode().put("content", ModeratedGuild.prose(random, MESSAGE_BYTES));
            messages.add(MAPPER.writeValueAsString(body));
        }
        Files.write(directory.resolve("messages.jsonl"), messages, StandardCharsets.UTF_8);
    }

    /** The rule as a create body: its trigger, metadata and actions; no exemptions (the run's ids differ). */
    static ObjectNode createBody(AutomodRule rule, long alertChannel) {
        ObjectNode body = MAPPER.createObjectNode();
        body.put("name", rule.triggerType().name().toLowerCase() + " " + rule.id());
        body.put("event_type", 1);
        body.put("trigger_type", rule.triggerType().value());
        body.put("enabled", true);
        body.set("trigger_metadata", metadata(rule.triggerType(), rule.metadata()));
        ArrayNode actions = body.putArray("actions");
        for (AutomodAction action : rule.actions()) {
            ObjectNode json = actions.addObject().put("type", action.type());
            if (action.type() == AutomodAction.SEND_ALERT_MESSAGE) {
                json.putObject("metadata").put("channel_id", Long.toString(alertChannel));
            }
        }
        return body;
    }

    private static ObjectNode metadata(TriggerType type, TriggerMetadata metadata) {
        ObjectNode json = MAPPER.createObjectNode();
        switch (type) {
            case KEYWORD -> {
                metadata.keywordFilter().forEach(json.putArray("keyword_filter")::add);
                metadata.regexPatterns().forEach(json.putArray("regex_patterns")::add);
                metadata.allowList().forEach(json.putArray("allow_list")::add);
            }
            case KEYWORD_PRESET -> {
                ArrayNode presets = json.putArray("presets");
                metadata.presets().stream().map(KeywordPreset::value).sorted().forEach(presets::add);
                metadata.allowList().forEach(json.putArray("allow_list")::add);
            }
            case MENTION_SPAM ->
                json.put("mention_total_limit", metadata.mentionTotalLimit())
                        .put("mention_raid_protection_enabled", metadata.mentionRaidProtectionEnabled());
            default -> throw new IllegalArgumentException("the benchmark's guild has no " + type + " rule");
        }
        return json;
    }
}
