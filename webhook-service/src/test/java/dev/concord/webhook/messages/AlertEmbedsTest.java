package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Reading and setting one field of an alert's collapsed embed fields, the stored embeds left as they were. */
class AlertEmbedsTest {

    private static final JsonNode EMBEDS = Json.mapper().readTree("""
            [{"type": "auto_moderation_message", "fields": [
              {"name": "rule_name", "value": "words", "inline": false},
              {"name": "flagged_message_id", "value": "42", "inline": false}]}]""");

    @Test
    void aFieldIsReadByName() {
        assertThat(AlertEmbeds.fieldValue(EMBEDS, "flagged_message_id")).isEqualTo("42");
        assertThat(AlertEmbeds.fieldValue(EMBEDS, "resolved_reason")).isNull();
    }

    @Test
    void settingAFieldReplacesItOrAddsItLastOnACopy() {
        JsonNode replaced = AlertEmbeds.withField(EMBEDS, "rule_name", "renamed");
        assertThat(AlertEmbeds.fieldValue(replaced, "rule_name")).isEqualTo("renamed");
        assertThat(replaced.at("/0/fields").size()).isEqualTo(2);
        JsonNode added = AlertEmbeds.withField(EMBEDS, "resolved_reason", "OTHER");
        assertThat(added.at("/0/fields/2"))
                .isEqualTo(Json.mapper()
                        .readTree("{\"name\": \"resolved_reason\", \"value\": \"OTHER\", \"inline\": false}"));
        assertThat(AlertEmbeds.fieldValue(EMBEDS, "rule_name"))
                .as("the original untouched")
                .isEqualTo("words");
    }
}
