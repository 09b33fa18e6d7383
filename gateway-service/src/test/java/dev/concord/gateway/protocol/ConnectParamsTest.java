package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConnectParamsTest {

    @Test
    void readsVersionAndCompression() {
        ConnectParams params = ConnectParams.parse(URI.create("ws://host/?v=9&encoding=json&compress=zlib-stream"));

        assertThat(params).isEqualTo(new ConnectParams(9, true));
    }

    @Test
    void defaultsToVersion10WithoutCompression() {
        assertThat(ConnectParams.parse(URI.create("ws://host/"))).isEqualTo(new ConnectParams(10, false));
    }

    @Test
    void otherCompressionGetsPlainFrames() {
        assertThat(ConnectParams.parse(URI.create("ws://host/?v=10&compress=zstd-stream"))
                        .zlibStream())
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "11", "ten", ""})
    void refusesUnsupportedVersionsWith4012(String version) {
        assertThatThrownBy(() -> ConnectParams.parse(URI.create("ws://host/?v=" + version + "&encoding=json")))
                .isInstanceOfSatisfying(
                        ProtocolViolation.class,
                        violation -> assertThat(violation.closeCode().code()).isEqualTo(4012));
    }

    @Test
    void refusesEtfWith4002() {
        assertThatThrownBy(() -> ConnectParams.parse(URI.create("ws://host/?v=10&encoding=etf")))
                .isInstanceOfSatisfying(
                        ProtocolViolation.class,
                        violation -> assertThat(violation.closeCode().code()).isEqualTo(4002));
    }
}
