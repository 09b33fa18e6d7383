package dev.concord.remoteauth.qr;

import dev.concord.platform.ids.SeededRandom;
import java.security.SecureRandom;
import java.util.Base64;
import org.springframework.stereotype.Component;

/**
 * Every unguessable value of remote auth (nonces, handshake tokens, tickets, connection ids) comes from
 * one DRBG seeded when the service starts, then drawn in memory: no event loop ever waits on the system's
 * entropy source.
 */
@Component
class Secrets {

    private static final int TOKEN_BYTES = 32;
    private static final int ID_BYTES = 16;

    private final SecureRandom random = SeededRandom.create();

    /** The DRBG itself, for what takes a {@link SecureRandom} (OAEP padding). */
    SecureRandom random() {
        return random;
    }

    byte[] bytes(int count) {
        byte[] bytes = new byte[count];
        random.nextBytes(bytes);
        return bytes;
    }

    /** 256 random bits, base64url without padding (43 characters). */
    String token() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(TOKEN_BYTES));
    }

    /** 128 random bits, for naming connections and instances. */
    String id() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(ID_BYTES));
    }
}
