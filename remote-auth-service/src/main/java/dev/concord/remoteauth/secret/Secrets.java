package dev.concord.remoteauth.secret;

import dev.concord.platform.ids.SeededRandom;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import org.springframework.stereotype.Component;

/**
 * Every unguessable value of this service (remote auth's nonces, handshake tokens, tickets and
 * connection ids; OAuth2 codes, refresh tokens and client secrets; application keys) comes from one DRBG
 * seeded when the service starts, then drawn in memory: no event loop ever waits on the system's entropy
 * source. Such values are kept only as their SHA-256 ({@link #sha256}).
 */
@Component
public class Secrets {

    private static final int TOKEN_BYTES = 32;
    private static final int ID_BYTES = 16;

    private final SecureRandom random = SeededRandom.create();

    /** The DRBG itself, for what takes a {@link SecureRandom} (OAEP padding, key generation). */
    public SecureRandom random() {
        return random;
    }

    public byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        random.nextBytes(bytes);
        return bytes;
    }

    /** 256 random bits, base64url without padding (43 characters). */
    public String token() {
        return base64Url(bytes(TOKEN_BYTES));
    }

    /** {@code characters} random base64url characters (6 bits each), for tokens of a fixed length. */
    public String token(int characters) {
        return base64Url(bytes((characters * 6 + 7) / 8)).substring(0, characters);
    }

    /** 128 random bits, for naming connections and instances. */
    public String id() {
        return base64Url(bytes(ID_BYTES));
    }

    public static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The SHA-256 of the text's UTF-8 bytes. */
    public static byte[] sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
