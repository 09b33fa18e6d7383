package dev.concord.presence.session;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The tokens that name headless sessions to the applications that made them: 32 random bytes, of which
 * Redis keeps only the SHA-256 ({@code presence:ht:<hash>} → {@code <user>:<session>}), for as long as
 * the session lives. A token is looked up by its hash, so no secret is ever compared.
 */
@Component
public final class HeadlessTokens {

    private final RandomTokens tokens;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;

    HeadlessTokens(RedisReactiveCommands<String, String> redis, RedisSettings keys, RandomTokens tokens) {
        this.tokens = tokens;
        this.redis = redis;
        this.keys = keys;
    }

    /** A new token for the user's session, good for {@code lifetime}. */
    public Mono<String> issue(Snowflake user, String sessionId, Duration lifetime) {
        String token = tokens.secret();
        return redis.set(key(token), user.asString() + ":" + sessionId, SetArgs.Builder.px(lifetime.toMillis()))
                .thenReturn(token);
    }

    /** The session {@code token} names, if it is the user's and still lives. */
    public Mono<Optional<String>> sessionOf(Snowflake user, String token) {
        String prefix = user.asString() + ":";
        return redis.get(key(token))
                .map(value -> value.startsWith(prefix)
                        ? Optional.of(value.substring(prefix.length()))
                        : Optional.<String>empty())
                .defaultIfEmpty(Optional.empty());
    }

    public Mono<Void> renew(String token, Duration lifetime) {
        return redis.pexpire(key(token), lifetime.toMillis()).then();
    }

    public Mono<Void> revoke(String token) {
        return redis.del(key(token)).then();
    }

    private String key(String token) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return keys.key("presence:ht:" + HexFormat.of().formatHex(hash));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
