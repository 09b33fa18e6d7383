package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The alert's alert_actions_execution field: JSON text, the latest execution per type, completed or not. */
class AlertActionsExecutionTest {

    private static final Snowflake MOD = Snowflake.of(80351110224678912L);
    private static final Instant AT = Instant.parse("2026-11-27T18:00:00.123456Z");

    @Test
    void theFirstExecutionStartsTheFieldAtVersionZero() {
        JsonNode field = read(AlertActionsExecution.recorded(Json.mapper(), null, 1, MOD, AT));
        assertThat(field.get("v").asInt()).isZero();
        assertThat(field.at("/actions/1/actor").asString()).isEqualTo("80351110224678912");
        assertThat(field.at("/actions/1/ts").asString()).isEqualTo("2026-11-27T18:00:00.123Z");
    }

    @Test
    void completingAndUncompletingReplaceEachOtherWhileOtherActionsStay() {
        String completed = AlertActionsExecution.recorded(Json.mapper(), null, 1, MOD, AT);
        String feedback = AlertActionsExecution.recorded(Json.mapper(), completed, 4, MOD, AT.plusSeconds(1));
        JsonNode reopened = read(AlertActionsExecution.recorded(Json.mapper(), feedback, 2, MOD, AT.plusSeconds(2)));
        assertThat(reopened.get("actions").propertyNames()).containsExactlyInAnyOrder("2", "4");
        JsonNode again =
                read(AlertActionsExecution.recorded(Json.mapper(), reopened.toString(), 1, MOD, AT.plusSeconds(3)));
        assertThat(again.get("actions").propertyNames()).containsExactlyInAnyOrder("1", "4");
    }

    @Test
    void aValueThatIsNotOursStartsAgain() {
        JsonNode field = read(AlertActionsExecution.recorded(Json.mapper(), "not json", 3, MOD, AT));
        assertThat(field.get("actions").propertyNames()).containsExactly("3");
    }

    private static JsonNode read(String text) {
        return Json.mapper().readTree(text);
    }
}
