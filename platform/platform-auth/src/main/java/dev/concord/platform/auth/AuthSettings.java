package dev.concord.platform.auth;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Token keys (from the environment, never from a committed file) and the paths anyone may call.
 *
 * @param publicKey base64 X.509 Ed25519 key every service verifies with
 * @param privateKey base64 PKCS#8 key; only the issuing service has it
 * @param publicPaths path patterns that need no token (everything else does), each for every method
 *     ({@code /actuator/**}) or for one ({@code GET /invites/*})
 * @param internalSecret what services send as {@code Authorization: Internal <secret>} to call each
 *     other's {@code /internal/**} paths; without it those paths refuse every call
 */
@ConfigurationProperties("concord.auth")
public record AuthSettings(
        @Nullable String publicKey,
        @Nullable String privateKey,
        @DefaultValue("/actuator/**") List<String> publicPaths,
        @Nullable String internalSecret) {}
