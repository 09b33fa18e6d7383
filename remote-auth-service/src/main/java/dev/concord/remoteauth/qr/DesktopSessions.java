package dev.concord.remoteauth.qr;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Remote-auth sessions in Redis, one hash per fingerprint, expiring when the desktop's lifespan ends,
 * so any instance can serve the phone whichever instance holds the desktop's socket. Every move is one
 * script, so two phones scanning one code, or a finish racing a cancel, cannot both win. The handshake
 * token is stored as its SHA-256 only and compared in constant time.
 */
@Component
class DesktopSessions {

    /** A proven desktop, as the instance holding its socket opens it. */
    record Desktop(
            String fingerprint, DesktopKey key, String node, String connection, String address, String userAgent) {}

    /** A session a phone has just claimed: what it needs to reach and encrypt for the desktop. */
    record Claimed(DesktopKey key, String node, String address, String userAgent) {}

    /** A session a phone has just ended (finished or canceled). */
    record Settled(DesktopKey key, String node) {}

    private static final String OPEN = """
            if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
            redis.call('HSET', KEYS[1], 'key', ARGV[1], 'node', ARGV[2], 'connection', ARGV[3],
                'address', ARGV[4], 'agent', ARGV[5], 'state', 'ready')
            redis.call('PEXPIREAT', KEYS[1], ARGV[6])
            return 1
            """;
    private static final String CLAIM = """
            if redis.call('HGET', KEYS[1], 'state') ~= 'ready' then return {} end
            redis.call('HSET', KEYS[1], 'state', 'claimed', 'user', ARGV[1], 'handshake', ARGV[2])
            return redis.call('HMGET', KEYS[1], 'key', 'node', 'address', 'agent')
            """;
    /** Guards the delete after the constant-time check: only the session that check saw is ended. */
    private static final String END_IF = """
            if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('DEL', KEYS[1]) end
            return 0
            """;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings settings;

    DesktopSessions(RedisReactiveCommands<String, String> redis, RedisSettings settings) {
        this.redis = redis;
        this.settings = settings;
    }

    /** Opens the session until {@code deadline}; false when the fingerprint is taken (the key is in use). */
    Mono<Boolean> open(Desktop desktop, Instant deadline) {
        return redis.<Long>eval(
                        OPEN,
                        ScriptOutputType.INTEGER,
                        keys(desktop.fingerprint()),
                        desktop.key().encoded(),
                        desktop.node(),
                        desktop.connection(),
                        desktop.address(),
                        desktop.userAgent(),
                        Long.toString(deadline.toEpochMilli()))
                .next()
                .map(opened -> opened == 1);
    }

    /** Claims a waiting session for {@code user}; empty when there is none under the fingerprint or it was claimed. */
    Mono<Claimed> claim(String fingerprint, Snowflake user, byte[] handshakeDigest) {
        return redis.<List<String>>eval(
                        CLAIM, ScriptOutputType.MULTI, keys(fingerprint), user.asString(), hex(handshakeDigest))
                .next()
                .filter(fields -> fields.size() == 4 && fields.get(0) != null)
                .map(fields ->
                        new Claimed(DesktopKey.parse(fields.get(0)), fields.get(1), fields.get(2), fields.get(3)));
    }

    /**
     * Ends the session {@code user} claimed with the handshake token of {@code handshakeDigest}; empty
     * when there is no such session (unknown, expired, ended, another user's or another token).
     */
    Mono<Settled> settle(String fingerprint, Snowflake user, byte[] handshakeDigest) {
        String key = key(fingerprint);
        return redis.hmget(key, "state", "user", "handshake", "key", "node")
                .collectList()
                .filter(fields -> fields.size() == 5
                        && "claimed".equals(fields.get(0).getValueOrElse(null))
                        && user.asString().equals(fields.get(1).getValueOrElse(null))
                        && MessageDigest.isEqual(
                                hex(handshakeDigest).getBytes(StandardCharsets.US_ASCII),
                                fields.get(2).getValueOrElse("").getBytes(StandardCharsets.US_ASCII)))
                .flatMap(fields -> endIf(fingerprint, "handshake", hex(handshakeDigest))
                        .filter(ended -> ended)
                        .map(ended -> new Settled(
                                DesktopKey.parse(fields.get(3).getValue()),
                                fields.get(4).getValue())));
    }

    /** A claimed session whose desktop could not be reached (its instance is gone): nobody can use it any more. */
    Mono<Void> discard(String fingerprint) {
        return redis.del(key(fingerprint)).then();
    }

    /** The desktop's socket closed: its session ends, unless another connection has since opened it. */
    Mono<Void> close(String fingerprint, String connection) {
        return endIf(fingerprint, "connection", connection).then();
    }

    private Mono<Boolean> endIf(String fingerprint, String field, String expected) {
        return redis.<Long>eval(END_IF, ScriptOutputType.INTEGER, keys(fingerprint), field, expected)
                .next()
                .map(deleted -> deleted == 1);
    }

    private String[] keys(String fingerprint) {
        return new String[] {key(fingerprint)};
    }

    private String key(String fingerprint) {
        return settings.key("remote-auth:session:" + fingerprint);
    }

    private static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
