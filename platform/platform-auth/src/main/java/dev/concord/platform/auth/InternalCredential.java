package dev.concord.platform.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.jspecify.annotations.Nullable;

/**
 * The secret services call each other's {@code /internal/**} paths with, sent as
 * {@code Authorization: Internal <secret>}. Compared in constant time; with no secret configured nothing
 * matches, so internal paths stay shut.
 */
public final class InternalCredential {

    static final String SCHEME = "Internal ";

    private final byte @Nullable [] expected;

    public InternalCredential(@Nullable String secret) {
        this.expected = secret == null || secret.isBlank() ? null : (SCHEME + secret).getBytes(StandardCharsets.UTF_8);
    }

    /** The header value a caller sends. */
    public static String header(String secret) {
        return SCHEME + secret;
    }

    boolean matches(@Nullable String authorization) {
        return expected != null
                && authorization != null
                && MessageDigest.isEqual(expected, authorization.getBytes(StandardCharsets.UTF_8));
    }
}
