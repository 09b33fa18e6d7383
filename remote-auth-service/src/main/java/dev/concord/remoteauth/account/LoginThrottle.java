package dev.concord.remoteauth.account;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.ratelimit.Bucket;
import dev.concord.remoteauth.ratelimit.RateLimiter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The two limits on password guessing: per client address (one machine trying many accounts) and per
 * account (many machines trying one account, by username or email). The account limit counts failures
 * only, yet is taken before the password is checked and given back on success, so concurrent guesses
 * cannot overshoot it.
 */
@Component
class LoginThrottle {

    private final RateLimiter limiter;
    private final Bucket perAddress;
    private final Bucket perAccount;

    LoginThrottle(RateLimiter limiter, LoginLimitSettings settings) {
        this.limiter = limiter;
        this.perAddress = new Bucket("login-address", settings.addressAttempts(), settings.addressWindow());
        this.perAccount = new Bucket("login-account", settings.accountFailures(), settings.accountWindow());
    }

    /** Counts an attempt from {@code address}; errors with {@link Throttled} once the address is over its limit. */
    Mono<Void> admitAddress(String address) {
        return limiter.admit(perAddress, address);
    }

    /** Counts a possible failure against {@code account} (see {@link #account}), before the password is checked. */
    Mono<Void> admitAccount(String account) {
        return limiter.admit(perAccount, account);
    }

    /** The password was right: that attempt is not a failure. */
    Mono<Void> succeeded(String account) {
        return limiter.giveBack(perAccount, account);
    }

    /**
     * What the account limit counts against: the account, however it was named (username or email), or
     * for logins naming no account, the login itself, hashed so Redis keys hold no personal data.
     */
    static String account(@Nullable Snowflake userId, String login) {
        if (userId != null) {
            return "user:" + userId.asString();
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(login.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            return "login:" + HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
