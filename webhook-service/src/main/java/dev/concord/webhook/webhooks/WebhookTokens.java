package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.SeededRandom;
import java.security.SecureRandom;
import java.util.Base64;
import org.springframework.stereotype.Component;

/** Webhook tokens: 68 characters of URL-safe base64 over 51 random bytes, as long as the platform's. */
@Component
final class WebhookTokens {

    private static final int BYTES = 51;

    /** Seeded at start-up: it draws in memory after that, never from a file on an event loop. */
    private final SecureRandom random = SeededRandom.create();

    String generate() {
        byte[] bytes = new byte[BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
