package dev.concord.guild.voice.keys;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CdnDataTest {

    /** Bytes whose base64 uses both alphabet-specific characters: standard "+/8=", URL-safe "-_8=". */
    private static final byte[] BYTES = {(byte) 0xfb, (byte) 0xff, (byte) 0xff};

    private static final byte[] TWO = {(byte) 0xfb, (byte) 0xff};

    @Test
    void readsADataUriOrBareBase64InEitherAlphabetWithOrWithoutPadding() {
        assertThat(CdnData.decode("data:application/octet-stream;base64,+///")).isEqualTo(BYTES);
        assertThat(CdnData.decode("data:;base64,+///")).as("no media type").isEqualTo(BYTES);
        assertThat(CdnData.decode("+///")).isEqualTo(BYTES);
        assertThat(CdnData.decode("-___")).isEqualTo(BYTES);
        assertThat(CdnData.decode("+/8=")).isEqualTo(TWO);
        assertThat(CdnData.decode("+/8")).isEqualTo(TWO);
        assertThat(CdnData.decode("-_8")).isEqualTo(TWO);
        assertThat(CdnData.decode("data:application/octet-stream;base64,-_8")).isEqualTo(TWO);
    }

    @Test
    void refusesAnythingElse() {
        assertThat(CdnData.decode("")).isNull();
        assertThat(CdnData.decode("data:application/octet-stream;base64,")).isNull();
        assertThat(CdnData.decode("+/_-")).as("two alphabets in one value").isNull();
        assertThat(CdnData.decode("+/ 8=")).as("whitespace").isNull();
        assertThat(CdnData.decode("+/8==")).as("too much padding").isNull();
        assertThat(CdnData.decode("A")).as("a length no base64 has").isNull();
        assertThat(CdnData.decode("data:application/octet-stream,+/8="))
                .as("a data URI not in base64")
                .isNull();
        assertThat(CdnData.decode("%2B%2F8%3D")).isNull();
        assertThat(CdnData.decode("A".repeat(CdnData.MAX_LENGTH + 4))).isNull();
    }
}
