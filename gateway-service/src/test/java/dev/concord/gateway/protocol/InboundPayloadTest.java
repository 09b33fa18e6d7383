package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InboundPayloadTest {

    @Test
    void readsOpAndData() {
        InboundPayload payload = InboundPayload.decode(Json.mapper(), "{\"op\":1,\"d\":42,\"s\":null,\"t\":null}");

        assertThat(payload.op()).isEqualTo(1);
        assertThat(payload.d().longValue()).isEqualTo(42);
    }

    @Test
    void missingDataIsNull() {
        assertThat(InboundPayload.decode(Json.mapper(), "{\"op\":1}").d().isNull())
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not json",
                "[1,2]",
                "{\"d\":null}",
                "{\"op\":\"1\"}",
                "{\"op\":1.5}",
                "{\"op\":99999999999}",
                "",
                "null"
            })
    void anythingElseIsADecodeError(String text) {
        assertThatThrownBy(() -> InboundPayload.decode(Json.mapper(), text))
                .isInstanceOfSatisfying(ProtocolViolation.class, violation -> assertThat(violation.closeCode())
                        .isEqualTo(CloseCode.DECODE_ERROR));
    }

    @Test
    void oversizedPayloadIsADecodeError() {
        String text = "{\"op\":1,\"d\":\"" + "x".repeat(InboundPayload.MAX_LENGTH) + "\"}";

        assertThatThrownBy(() -> InboundPayload.decode(Json.mapper(), text))
                .isInstanceOfSatisfying(ProtocolViolation.class, violation -> assertThat(violation.closeCode())
                        .isEqualTo(CloseCode.DECODE_ERROR));
    }
}
