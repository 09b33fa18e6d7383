package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.concord.platform.json.Json;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Seed 002's component rules, each broken one named where it is, as a message body carries them. */
class ComponentsTest {

    static final String BUTTON = "{\"type\": 2, \"style\": 1, \"label\": \"Go\", \"custom_id\": \"%s\"}";
    static final String SELECT = "{\"type\": 3, \"custom_id\": \"%s\", \"options\": [%s]}";
    static final String OPTION = "{\"label\": \"One\", \"value\": \"%s\"}";

    /** The errors of a body whose {@code components} are these rows, as the platform's tree; null for none. */
    static JsonNode errors(String rows) {
        MessageCreateRequest request =
                Json.mapper().readValue("{\"components\": " + rows + "}", MessageCreateRequest.class);
        try {
            Violations.check(request);
            return null;
        } catch (ApiException refused) {
            return Json.mapper().valueToTree(refused.errors());
        }
    }

    static String row(String... children) {
        return "{\"type\": 1, \"components\": [" + String.join(", ", children) + "]}";
    }

    static String button(String customId) {
        return BUTTON.formatted(customId);
    }

    static String select(String customId, int options) {
        String[] all = new String[options];
        for (int i = 0; i < options; i++) {
            all[i] = OPTION.formatted("v" + i);
        }
        return SELECT.formatted(customId, String.join(", ", all));
    }

    @Test
    void rowsOfButtonsOrOneSelectMenuPass() {
        String link = "{\"type\": 2, \"style\": 5, \"label\": \"Docs\", \"url\": \"https://example.org\"}";
        String emojiOnly = "{\"type\": 2, \"style\": 4, \"emoji\": {\"name\": \"🔥\"}, \"custom_id\": \"fire\"}";

        assertThatCode(() -> Violations.check(Json.mapper()
                        .readValue(
                                "{\"components\": [" + row(button("a"), button("b"), link, emojiOnly, button("c"))
                                        + ", " + row(select("menu", 25)) + "]}",
                                MessageCreateRequest.class)))
                .doesNotThrowAnyException();
    }

    @Test
    void everyBrokenRuleIsNamedWhereItIs() {
        String six = row(button("1"), button("2"), button("3"), button("4"), button("5"), button("6"));
        String[] sixRows = new String[6];
        for (int i = 0; i < 6; i++) {
            sixRows[i] = row(button("r" + i));
        }
        Map<String, String> cases = Map.ofEntries(
                Map.entry("[" + String.join(", ", sixRows) + "]", "/components/_errors/0/code=BASE_TYPE_MAX_LENGTH"),
                Map.entry("[" + six + "]", "/components/0/components/5/_errors/0/code=COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
                Map.entry(
                        "[" + row(button("a"), select("b", 2)) + "]",
                        "/components/0/components/1/_errors/0/code=COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
                Map.entry(
                        "[" + row(row(button("a"))) + "]",
                        "/components/0/components/0/type/_errors/0/code=BASE_TYPE_CHOICES"),
                Map.entry("[" + button("a") + "]", "/components/0/type/_errors/0/code=BASE_TYPE_CHOICES"),
                Map.entry("[" + row() + "]", "/components/0/components/_errors/0/code=BASE_TYPE_BAD_LENGTH"),
                Map.entry(
                        "[" + row(button("same")) + ", " + row(select("same", 1)) + "]",
                        "/components/1/components/0/custom_id/_errors/0/code=COMPONENT_CUSTOM_ID_DUPLICATED"),
                Map.entry(
                        "["
                                + row(
                                        "{\"type\": 2, \"style\": 5, \"label\": \"x\", \"url\": \"https://e.org\", \"custom_id\": \"x\"}")
                                + "]",
                        "/components/0/components/0/custom_id/_errors/0/code=BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED"),
                Map.entry(
                        "[" + row("{\"type\": 2, \"style\": 5, \"label\": \"x\"}") + "]",
                        "/components/0/components/0/url/_errors/0/code=BUTTON_COMPONENT_URL_REQUIRED"),
                Map.entry(
                        "["
                                + row(
                                        "{\"type\": 2, \"style\": 1, \"label\": \"x\", \"custom_id\": \"x\", \"url\": \"https://e.org\"}")
                                + "]",
                        "/components/0/components/0/url/_errors/0/code=BUTTON_COMPONENT_URL_NOT_ALLOWED"),
                Map.entry(
                        "[" + row("{\"type\": 2, \"style\": 2, \"label\": \"x\"}") + "]",
                        "/components/0/components/0/custom_id/_errors/0/code=BASE_TYPE_REQUIRED"),
                Map.entry(
                        "[" + row("{\"type\": 2, \"style\": 6, \"label\": \"x\", \"custom_id\": \"x\"}") + "]",
                        "/components/0/components/0/style/_errors/0/code=BASE_TYPE_CHOICES"),
                Map.entry(
                        "["
                                + row("{\"type\": 2, \"style\": 1, \"label\": \"" + "x".repeat(81)
                                        + "\", \"custom_id\": \"x\"}")
                                + "]",
                        "/components/0/components/0/label/_errors/0/code=BASE_TYPE_BAD_LENGTH"),
                Map.entry(
                        "[" + row(button("x".repeat(101))) + "]",
                        "/components/0/components/0/custom_id/_errors/0/code=BASE_TYPE_BAD_LENGTH"),
                Map.entry(
                        "[" + row(select("m", 26)) + "]",
                        "/components/0/components/0/options/_errors/0/code=BASE_TYPE_BAD_LENGTH"),
                Map.entry(
                        "[" + row(SELECT.formatted("m", OPTION.formatted("a") + ", " + OPTION.formatted("a"))) + "]",
                        "/components/0/components/0/options/1/value/_errors/0/code=SELECT_COMPONENT_OPTION_VALUE_DUPLICATED"),
                Map.entry(
                        "[" + row(SELECT.formatted("m", "{\"label\": \"" + "x".repeat(101) + "\", \"value\": \"v\"}"))
                                + "]",
                        "/components/0/components/0/options/0/label/_errors/0/code=BASE_TYPE_BAD_LENGTH"),
                Map.entry(
                        "["
                                + row("{\"type\": 3, \"custom_id\": \"m\", \"min_values\": 26, \"options\": ["
                                        + OPTION.formatted("a") + "]}")
                                + "]",
                        "/components/0/components/0/min_values/_errors/0/code=NUMBER_TYPE_MAX"),
                Map.entry(
                        "["
                                + row("{\"type\": 3, \"custom_id\": \"m\", \"max_values\": 3, \"options\": ["
                                        + OPTION.formatted("a") + "]}")
                                + "]",
                        "/components/0/components/0/max_values/_errors/0/code=SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS"),
                Map.entry(
                        "["
                                + row(
                                        "{\"type\": 3, \"custom_id\": \"m\", \"min_values\": 2, \"max_values\": 1, \"options\": ["
                                                + OPTION.formatted("a") + ", " + OPTION.formatted("b") + "]}")
                                + "]",
                        "/components/0/components/0/min_values/_errors/0/code=SELECT_COMPONENT_MIN_ABOVE_MAX"),
                Map.entry(
                        "["
                                + row("{\"type\": 3, \"custom_id\": \"m\", \"placeholder\": \"" + "x".repeat(101)
                                        + "\", \"options\": [" + OPTION.formatted("a") + "]}")
                                + "]",
                        "/components/0/components/0/placeholder/_errors/0/code=BASE_TYPE_BAD_LENGTH"));

        cases.forEach((rows, expected) -> {
            String[] pathAndCode = expected.split("=");
            JsonNode errors = errors(rows);
            assertThat(errors).as(rows).isNotNull();
            assertThat(errors.at(pathAndCode[0]).asString())
                    .as("%s in %s", rows, errors)
                    .isEqualTo(pathAndCode[1]);
        });
    }
}
