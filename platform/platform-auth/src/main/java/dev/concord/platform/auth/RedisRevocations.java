package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Shares revocations between all instances of all services through Redis: two hashes hold the state
 * (so a new instance can load it) and a channel announces each change (so running instances learn it at
 * once). The subscription is made before the load, so nothing announced in between is missed.
 */
public final class RedisRevocations {

    private static final Logger log = LoggerFactory.getLogger(RedisRevocations.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

    private final RevocationList list;
    private final RedisReactiveCommands<String, String> redis;
    private final StatefulRedisPubSubConnection<String, String> pubSub;
    private final String tokensKey;
    private final String usersKey;
    private final String channel;
    private @Nullable Disposable listener;

    public RedisRevocations(
            RevocationList list,
            RedisReactiveCommands<String, String> redis,
            StatefulRedisPubSubConnection<String, String> pubSub,
            RedisSettings settings) {
        this.list = list;
        this.redis = redis;
        this.pubSub = pubSub;
        this.tokensKey = settings.key("auth:revoked-tokens");
        this.usersKey = settings.key("auth:tokens-valid-after");
        this.channel = settings.key("auth:revocations");
    }

    /** Subscribes, then loads the current state. Called once at startup, off the event loop. */
    public void start() {
        listener = pubSub.reactive()
                .observeChannels()
                .filter(message -> channel.equals(message.getChannel()))
                .subscribe(message -> apply(message.getMessage()), e -> log.error("revocation channel failed", e));
        pubSub.reactive().subscribe(channel).block(STARTUP_TIMEOUT);
        Map<String, String> tokens = redis.hgetall(tokensKey)
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block(STARTUP_TIMEOUT);
        Map<String, String> users = redis.hgetall(usersKey)
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block(STARTUP_TIMEOUT);
        if (tokens != null) {
            tokens.keySet().forEach(id -> list.revokeToken(Long.parseLong(id)));
        }
        if (users != null) {
            users.forEach((user, millis) ->
                    list.revokeIssuedBefore(Snowflake.parse(user), Instant.ofEpochMilli(Long.parseLong(millis))));
        }
    }

    public void stop() {
        if (listener != null) {
            listener.dispose();
        }
    }

    /** Revokes one token (logout). Effective in this instance at once, in the others within milliseconds. */
    public Mono<Void> revokeToken(Principal principal) {
        list.revokeToken(principal.tokenId());
        String id = Long.toString(principal.tokenId());
        return redis.hset(tokensKey, id, principal.userId().asString())
                .then(redis.publish(channel, "t:" + id))
                .then();
    }

    /** Revokes every token of the user issued before {@code instant} (password change, token reset). */
    public Mono<Void> revokeIssuedBefore(Snowflake userId, Instant instant) {
        list.revokeIssuedBefore(userId, instant);
        String millis = Long.toString(instant.toEpochMilli());
        return redis.hset(usersKey, userId.asString(), millis)
                .then(redis.publish(channel, "u:" + userId.asString() + ":" + millis))
                .then();
    }

    private void apply(String message) {
        try {
            if (message.startsWith("t:")) {
                list.revokeToken(Long.parseLong(message.substring(2)));
            } else if (message.startsWith("u:")) {
                int colon = message.indexOf(':', 2);
                list.revokeIssuedBefore(
                        Snowflake.parse(message.substring(2, colon)),
                        Instant.ofEpochMilli(Long.parseLong(message.substring(colon + 1))));
            }
        } catch (RuntimeException e) {
            log.warn("ignoring malformed revocation message");
        }
    }
}
