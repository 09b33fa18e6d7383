package dev.concord.gateway.protocol;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import org.junit.jupiter.api.Test;

class DispatchFrameTest {

    @Test
    void stampsEachSessionsSequenceOnTheSameEncoding() {
        DispatchFrame frame = DispatchFrame.of(
                Json.mapper(), USER_SETTINGS_UPDATE, Json.mapper().readTree("{\"theme\":\"light\"}"));

        assertThat(Json.mapper().readTree(frame.text(2)))
                .isEqualTo(Json.mapper()
                        .readTree("{\"op\":0,\"t\":\"USER_SETTINGS_UPDATE\",\"s\":2,\"d\":{\"theme\":\"light\"}}"));
        assertThat(Json.mapper().readTree(frame.text(17)).get("s").longValue()).isEqualTo(17);
    }

    @Test
    void escapesTheTypeAndKeepsNullData() {
        DispatchFrame frame = DispatchFrame.of(Json.mapper(), "A\"B", null);

        assertThat(Json.mapper().readTree(frame.text(1)).get("t").stringValue()).isEqualTo("A\"B");
        assertThat(Json.mapper().readTree(frame.text(1)).get("d").isNull()).isTrue();
    }

    @Test
    void doesNotShowItsDataWhenPrinted() {
        DispatchFrame frame = DispatchFrame.of(
                Json.mapper(), MESSAGE_CREATE, Json.mapper().readTree("{\"content\":\"secret words\"}"));

        assertThat(frame.toString()).doesNotContain("secret");
    }
}
