package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.remoteauth.secret.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The desktop side of the handshake done as the platform's clients do it (WebCrypto RSA-OAEP, SHA-256). */
class DesktopHandshakeCryptoTest {

    private static final TestDesktopKeys DESKTOP = TestDesktopKeys.generate();
    private static final Secrets SECRETS = new Secrets();

    @Test
    void theDesktopDecryptsTheNonceAndItsProofIsAccepted() {
        NonceChallenge challenge = NonceChallenge.next(SECRETS);

        String proof = DESKTOP.proofFor(challenge.encryptedFor(DesktopKey.parse(DESKTOP.encodedPublicKey())));
        byte[] digest = Base64.getUrlDecoder().decode(proof);

        assertThat(challenge.isAnsweredBy(proof)).isTrue();
        assertThat(challenge.isAnsweredBy(Base64.getUrlEncoder().encodeToString(digest)))
                .as("padded")
                .isTrue();
        assertThat(challenge.isAnsweredBy(
                        Base64.getUrlEncoder().withoutPadding().encodeToString(DesktopKey.sha256(digest))))
                .isFalse();
        assertThat(challenge.isAnsweredBy("not base64 !")).isFalse();
        assertThat(challenge.isAnsweredBy(null)).isFalse();
        assertThat(NonceChallenge.next(SECRETS).isAnsweredBy(proof)).isFalse();
    }

    @Test
    void theFingerprintIsTheBase64UrlSha256OfTheSpki() {
        String fingerprint = DesktopKey.parse(DESKTOP.encodedPublicKey()).fingerprint();

        assertThat(fingerprint).isEqualTo(DESKTOP.fingerprint()).hasSize(43).doesNotContain("=", "+", "/");
    }

    @Test
    void secretsAreEncryptedForTheDesktopOnly() {
        String payload = "80351110224678913:0:0:wumpus";

        String encrypted =
                DesktopKey.parse(DESKTOP.encodedPublicKey()).encrypt(payload.getBytes(StandardCharsets.UTF_8), SECRETS);

        assertThat(DESKTOP.decryptText(encrypted)).isEqualTo(payload);
        assertThat(DesktopKey.parse(DESKTOP.encodedPublicKey())
                        .encrypt(payload.getBytes(StandardCharsets.UTF_8), SECRETS))
                .isNotEqualTo(encrypted);
        assertThatThrownBy(() -> TestDesktopKeys.generate().decrypt(encrypted))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void onlyBase64SpkiOf2048BitRsaIsAKey() throws Exception {
        KeyPairGenerator small = KeyPairGenerator.getInstance("RSA");
        small.initialize(1024);
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(256);

        for (String bad : new String[] {
            null,
            "",
            "not base64!",
            Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}),
            Base64.getEncoder()
                    .encodeToString(small.generateKeyPair().getPublic().getEncoded()),
            Base64.getEncoder().encodeToString(ec.generateKeyPair().getPublic().getEncoded()),
            "A".repeat(2000)
        }) {
            assertThatThrownBy(() -> DesktopKey.parse(bad)).isInstanceOf(DesktopKey.InvalidKey.class);
        }
    }
}
