package dev.concord.remoteauth.oauth2;

import dev.concord.platform.ids.SeededRandom;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Authorization codes: single use (taken with one GETDEL, so a code cannot be exchanged twice), valid for
 * ten minutes, bound to the client, the person, the scopes, the redirect URI and the PKCE challenge.
 * Redis holds only the code's SHA-256.
 */
@Component
class AuthorizationCodes {

    /** RFC 6749 asks for a short life, at most ten minutes. */
    static final Duration LIFETIME = Duration.ofMinutes(10);

    /** What a code was issued for. */
    record Grant(
            Snowflake applicationId,
            Snowflake userId,
            List<String> scopes,
            @Nullable String redirectUri,
            @Nullable String codeChallenge,
            @Nullable String codeChallengeMethod) {}

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final JsonMapper mapper;
    private final SecureRandom random = SeededRandom.create();

    AuthorizationCodes(RedisReactiveCommands<String, String> redis, RedisSettings keys, JsonMapper mapper) {
        this.redis = redis;
        this.keys = keys;
        this.mapper = mapper;
    }

    Mono<String> issue(Grant grant) {
        String code = token(random);
        return redis.set(key(code), mapper.writeValueAsString(grant), SetArgs.Builder.px(LIFETIME.toMillis()))
                .thenReturn(code);
    }

    /** The grant of a code never exchanged before, now used up; empty for any other. */
    Mono<Grant> redeem(String code) {
        return redis.getdel(key(code)).map(json -> mapper.readValue(json, Grant.class));
    }

    /** 30 random URL-safe characters. */
    static String token(SecureRandom random) {
        byte[] bytes = new byte[22];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).substring(0, 30);
    }

    static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    private String key(String code) {
        return keys.key("oauth2:code:" + HexFormat.of().formatHex(sha256(code)));
    }
}
