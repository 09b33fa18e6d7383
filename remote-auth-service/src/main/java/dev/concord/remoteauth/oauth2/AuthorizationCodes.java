package dev.concord.remoteauth.oauth2;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import dev.concord.remoteauth.secret.Secrets;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
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

    /** Codes and refresh tokens are 30 characters, as the platform's are. */
    static final int TOKEN_CHARACTERS = 30;

    /** What a code was issued for. */
    record Grant(
            Snowflake applicationId,
            Snowflake userId,
            List<String> scopes,
            @Nullable String redirectUri,
            @Nullable String codeChallenge,
            @Nullable String codeChallengeMethod,
            // The guild the consent added a bot to, as the person read it then: the token response shows it.
            @Nullable JsonNode guild,
            // The incoming webhook the consent made (webhook.incoming), with its token and URL.
            @Nullable JsonNode webhook) {}

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final JsonMapper mapper;
    private final Secrets secrets;

    AuthorizationCodes(
            RedisReactiveCommands<String, String> redis, RedisSettings keys, JsonMapper mapper, Secrets secrets) {
        this.redis = redis;
        this.keys = keys;
        this.mapper = mapper;
        this.secrets = secrets;
    }

    Mono<String> issue(Grant grant) {
        String code = secrets.token(TOKEN_CHARACTERS);
        return redis.set(key(code), mapper.writeValueAsString(grant), SetArgs.Builder.px(LIFETIME.toMillis()))
                .thenReturn(code);
    }

    /** The grant of a code never exchanged before, now used up; empty for any other. */
    Mono<Grant> redeem(String code) {
        return redis.getdel(key(code)).map(json -> mapper.readValue(json, Grant.class));
    }

    private String key(String code) {
        return keys.key("oauth2:code:" + HexFormat.of().formatHex(Secrets.sha256(code)));
    }
}
