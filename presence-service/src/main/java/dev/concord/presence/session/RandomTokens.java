package dev.concord.presence.session;

import dev.concord.platform.ids.SeededRandom;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import org.springframework.stereotype.Component;

/**
 * Random ids and secrets: activity and headless session ids in hex, tokens clients hold in URL-safe base64.
 * A bean, so that its generator is seeded at start-up and never on an event loop (seeding may block).
 */
@Component
public final class RandomTokens {

    private final SecureRandom random = SeededRandom.create();

    /** {@code bytes} random bytes in hex. */
    public String hex(int bytes) {
        return HexFormat.of().formatHex(next(bytes));
    }

    /** A secret a client holds: 32 random bytes, URL-safe base64 without padding. */
    public String secret() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(next(32));
    }

    private byte[] next(int count) {
        byte[] bytes = new byte[count];
        random.nextBytes(bytes);
        return bytes;
    }
}
