package dev.concord.guild.voice.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class P256PublicKeyTest {

    private static final byte[] UNCOMPRESSED = Base64.getDecoder()
            .decode("BGoL+BbhMDkN5NAU8h0b/x4NwD4HiMjZhzYv4c3wFt7Pqsd7q8qMChIch8Tn34o0bGUTp824Xq8LZeMDId/ObVY=");
    private static final byte[] COMPRESSED = Base64.getDecoder().decode("AmoL+BbhMDkN5NAU8h0b/x4NwD4HiMjZhzYv4c3wFt7P");

    @Test
    void aPointOnTheCurveIsAKeyInEitherFormAndKeptUncompressed() {
        P256PublicKey uncompressed = P256PublicKey.decode(UNCOMPRESSED);
        P256PublicKey compressed = P256PublicKey.decode(COMPRESSED);

        assertThat(uncompressed).isNotNull();
        assertThat(compressed).isNotNull();
        assertThat(uncompressed.uncompressed()).isEqualTo(UNCOMPRESSED);
        assertThat(compressed.uncompressed()).isEqualTo(UNCOMPRESSED);
        assertThat(compressed.sent()).isEqualTo(COMPRESSED);
    }

    @Test
    void anythingElseIsNot() {
        byte[] offTheCurve = UNCOMPRESSED.clone();
        offTheCurve[64] ^= 1;
        byte[] hybrid = UNCOMPRESSED.clone();
        hybrid[0] = 0x06;
        byte[] xBeyondTheField = new byte[33];
        Arrays.fill(xBeyondTheField, (byte) 0xff);
        xBeyondTheField[0] = 0x02;

        assertThat(P256PublicKey.decode(offTheCurve)).isNull();
        assertThat(P256PublicKey.decode(hybrid)).isNull();
        assertThat(P256PublicKey.decode(xBeyondTheField)).isNull();
        assertThat(P256PublicKey.decode(new byte[] {0x00}))
                .as("the point at infinity")
                .isNull();
        assertThat(P256PublicKey.decode(new byte[65])).isNull();
        assertThat(P256PublicKey.decode(Arrays.copyOf(UNCOMPRESSED, 64))).isNull();
        assertThat(P256PublicKey.decode(new byte[0])).isNull();
    }
}
