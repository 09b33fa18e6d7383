package dev.concord.platform.ids;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * The source of every unguessable value services make on a request (session ids, invite and link codes,
 * nonces, tickets). The JDK's default {@link SecureRandom} reads /dev/urandom on every call, file I/O
 * that has no place on an event loop (BlockHound fails it); a DRBG seeded once, when it is created at
 * start-up, then draws in memory.
 */
public final class SeededRandom {

    private SeededRandom() {}

    /** A DRBG, seeded now: create it at start-up, never on an event loop. */
    public static SecureRandom create() {
        try {
            SecureRandom drbg = SecureRandom.getInstance("DRBG");
            drbg.nextInt();
            return drbg;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has a DRBG", e);
        }
    }
}
