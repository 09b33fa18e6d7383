package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.MGF1ParameterSpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The desktop side of the handshake done as the platform's clients do it (WebCrypto RSA-OAEP, SHA-256). */
class DesktopHandshakeCryptoTest {

    static KeyPair desktop;
    static String encodedPublicKey;

    @BeforeAll
    static void desktopKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        desktop = generator.generateKeyPair();
        encodedPublicKey = Base64.getEncoder().encodeToString(desktop.getPublic().getEncoded());
    }

    static byte[] decrypt(String encrypted) throws Exception {
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
        cipher.init(Cipher.DECRYPT_MODE, desktop.getPrivate(),
                new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT));
        return cipher.doFinal(Base64.getDecoder().decode(encrypted));
    }

    @Test
    void theDesktopDecryptsTheNonceAndItsProofIsAccepted() throws Exception {
        NonceChallenge challenge = NonceChallenge.next();

        byte[] nonce = decrypt(challenge.encryptedFor(DesktopKey.parse(encodedPublicKey)));
        byte[] digest = DesktopKey.sha256(nonce);

        assertThat(challenge.isAnsweredBy(Base64.getUrlEncoder().withoutPadding().encodeToString(digest))).isTrue();
        assertThat(challenge.isAnsweredBy(Base64.getUrlEncoder().encodeToString(digest))).isTrue();
        assertThat(challenge.isAnsweredBy(Base64.getUrlEncoder().withoutPadding().encodeToString(DesktopKey.sha256(digest)))).isFalse();
        assertThat(challenge.isAnsweredBy("not base64 !")).isFalse();
        assertThat(challenge.isAnsweredBy(null)).isFalse();
        assertThat(NonceChallenge.next().isAnsweredBy(Base64.getUrlEncoder().withoutPadding().encodeToString(digest))).isFalse();
    }

    @Test
    void theFingerprintIsTheBase64UrlSha256OfTheSpki() {
        byte[] expected = DesktopKey.sha256(desktop.getPublic().getEncoded());

        String fingerprint = DesktopKey.parse(encodedPublicKey).fingerprint();

        assertThat(Base64.getUrlDecoder().decode(fingerprint)).isEqualTo(expected);
        assertThat(fingerprint).hasSize(43).doesNotContain("=", "+", "/");
    }

    @Test
    void secretsAreEncryptedForTheDesktopOnly() throws Exception {
        String payload = "80351110224678913:0:0:wumpus";

        String encrypted = DesktopKey.parse(encodedPublicKey).encrypt(payload.getBytes(StandardCharsets.UTF_8));

        assertThat(new String(decrypt(encrypted), StandardCharsets.UTF_8)).isEqualTo(payload);
        assertThat(DesktopKey.parse(encodedPublicKey).encrypt(payload.getBytes(StandardCharsets.UTF_8))).isNotEqualTo(encrypted);
    }

    @Test
    void onlyBase64SpkiOf2048BitRsaIsAKey() throws Exception {
        KeyPairGenerator small = KeyPairGenerator.getInstance("RSA");
        small.initialize(1024);
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(256);

        for (String bad : new String[] {null, "", "not base64!", Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}),
                Base64.getEncoder().encodeToString(small.generateKeyPair().getPublic().getEncoded()),
                Base64.getEncoder().encodeToString(ec.generateKeyPair().getPublic().getEncoded()), "A".repeat(2000)}) {
            assertThatThrownBy(() -> DesktopKey.parse(bad)).isInstanceOf(DesktopKey.InvalidKey.class);
        }
    }
}
