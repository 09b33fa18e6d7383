package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Friend tokens: proof that {@code owner} is willing to hear from {@code holder}, so the holder's friend
 * request bypasses the owner's friend source flags. One is handed to a user with a suggestion of someone
 * who has them among their imported contacts. A token names both users and when it expires, signed
 * with HMAC-SHA256 under a key derived from the services' internal secret, so every instance checks it
 * without shared state; it is checked in constant time and is worthless for any other pair.
 */
@Component
public final class FriendTokens {

    static final Duration LIFETIME = Duration.ofDays(7);
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** None when no secret is configured: then no token is issued or accepted. */
    private final byte @Nullable [] key;

    private final Clock clock;

    FriendTokens(@Value("${concord.auth.internal-secret:}") String internalSecret, Clock clock) {
        this.key = internalSecret.isBlank()
                ? null
                : hmac(
                        internalSecret.getBytes(StandardCharsets.UTF_8),
                        "concord friend tokens v1".getBytes(StandardCharsets.UTF_8));
        this.clock = clock;
    }

    /** A token {@code holder} may present to befriend {@code owner}; null when no secret is configured. */
    public @Nullable String issue(Snowflake owner, Snowflake holder) {
        if (key == null) {
            return null;
        }
        long expires = clock.instant().plus(LIFETIME).getEpochSecond();
        byte[] payload = (owner.asString() + ":" + holder.asString() + ":" + expires).getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(hmac(key, payload));
    }

    /** Whether {@code token} was issued for {@code holder} to befriend {@code owner} and still holds. */
    boolean isValid(@Nullable String token, Snowflake owner, Snowflake holder) {
        if (key == null || token == null) {
            return false;
        }
        int dot = token.indexOf('.');
        if (dot <= 0) {
            return false;
        }
        try {
            byte[] payload = DECODER.decode(token.substring(0, dot));
            byte[] signature = DECODER.decode(token.substring(dot + 1));
            if (!MessageDigest.isEqual(hmac(key, payload), signature)) {
                return false;
            }
            String[] parts = new String(payload, StandardCharsets.UTF_8).split(":");
            return parts.length == 3
                    && parts[0].equals(owner.asString())
                    && parts[1].equals(holder.asString())
                    && Long.parseLong(parts[2]) > clock.instant().getEpochSecond();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
