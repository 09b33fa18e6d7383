package dev.concord.guild.voice.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class MlsSelfSignatureTest {

    private static final String SESSION = "0f0e8c4a-5b8e-3c2f-9a77-2d1c5e6b7a80";

    /**
     * Made by a client written from the platform's documentation (Python's cryptography: SignWithLabel with
     * QUIC varint lengths, ECDSA P-256 SHA-256, which writes DER) for {@link #SESSION}, with the label
     * PlatformSelfSignature; one key, sent uncompressed and then compressed.
     */
    private static final String UNCOMPRESSED_KEY =
            "BGoL+BbhMDkN5NAU8h0b/x4NwD4HiMjZhzYv4c3wFt7Pqsd7q8qMChIch8Tn34o0bGUTp824Xq8LZeMDId/ObVY=";

    private static final String UNCOMPRESSED_SIGNATURE =
            "MEUCIQDypLU5BywDlyFaRlmjnOH+UoY+pCqvHcK1MyXsS7fX6wIgVM4Bd54vSqtYv0A0w0DDpjrYGj8s0NuC9DgDa4jZ8CA=";
    private static final String COMPRESSED_KEY = "AmoL+BbhMDkN5NAU8h0b/x4NwD4HiMjZhzYv4c3wFt7P";
    private static final String COMPRESSED_SIGNATURE =
            "MEUCICtDsyZK6/tyFVzvsdClWCiiwSmUXVdcbRwpeSN0pzhrAiEA+N+XXrpyNciz+7w9CklggmcB3Gu0Wj48RFuGJofzGag=";

    @Test
    void signContentIsTheLabelAndContentAsMlsVectors() {
        byte[] shortContent = "ab".getBytes(StandardCharsets.US_ASCII);
        byte[] longContent = new byte[102];

        byte[] small = MlsSelfSignature.signContent("PlatformSelfSignature", shortContent);
        byte[] large = MlsSelfSignature.signContent("PlatformSelfSignature", longContent);

        String label = HexFormat.of().formatHex("MLS 1.0 PlatformSelfSignature".getBytes(StandardCharsets.US_ASCII));
        assertThat(HexFormat.of().formatHex(small)).isEqualTo("1d" + label + "02" + "6162");
        assertThat(HexFormat.of().formatHex(Arrays.copyOf(large, 32)))
                .as("102 bytes take the two-byte varint 0x4066")
                .isEqualTo("1d" + label + "4066");
        assertThat(large).hasSize(1 + 29 + 2 + 102);
    }

    @Test
    void verifiesTheDocumentedClientsSignaturesOfEitherKeyForm() {
        assertThat(verifies(UNCOMPRESSED_KEY, UNCOMPRESSED_SIGNATURE, SESSION)).isTrue();
        assertThat(verifies(COMPRESSED_KEY, COMPRESSED_SIGNATURE, SESSION)).isTrue();

        assertThat(verifies(UNCOMPRESSED_KEY, UNCOMPRESSED_SIGNATURE, "another-session"))
                .as("another login")
                .isFalse();
        assertThat(verifies(COMPRESSED_KEY, UNCOMPRESSED_SIGNATURE, SESSION))
                .as("the signature covers the key as it was sent")
                .isFalse();
    }

    @Test
    void verifiesAClientsSignaturesAndNotATamperedOne() {
        KeyPair pair = VoiceKeysForTests.keyPair();
        byte[] encoded = VoiceKeysForTests.uncompressed(pair);
        P256PublicKey key = P256PublicKey.decode(encoded);
        byte[] signature = VoiceKeysForTests.selfSignature(pair, SESSION, encoded);

        assertThat(key).isNotNull();
        assertThat(MlsSelfSignature.isDer(signature)).isTrue();
        assertThat(MlsSelfSignature.verifies(key, signature, SESSION)).isTrue();
        assertThat(MlsSelfSignature.verifies(key, VoiceKeysForTests.tampered(signature), SESSION))
                .isFalse();
    }

    @Test
    void onlyDerIsASignature() {
        byte[] der = Base64.getDecoder().decode(UNCOMPRESSED_SIGNATURE);

        assertThat(MlsSelfSignature.isDer(der)).isTrue();
        assertThat(MlsSelfSignature.isDer(new byte[64])).as("raw r || s").isFalse();
        assertThat(MlsSelfSignature.isDer(Arrays.copyOf(der, der.length + 1)))
                .as("trailing bytes")
                .isFalse();
        assertThat(MlsSelfSignature.isDer(new byte[] {0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01}))
                .as("r = 0")
                .isFalse();
    }

    private static boolean verifies(String key, String signature, String session) {
        P256PublicKey decoded = P256PublicKey.decode(Base64.getDecoder().decode(key));
        assertThat(decoded).isNotNull();
        return MlsSelfSignature.verifies(decoded, Base64.getDecoder().decode(signature), session);
    }
}
