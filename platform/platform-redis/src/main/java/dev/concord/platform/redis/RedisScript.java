package dev.concord.platform.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import reactor.core.publisher.Flux;

/**
 * A Lua script run by its digest ({@code EVALSHA}), so a hot script travels as 40 bytes rather than
 * whole; sent whole once when the server does not know it yet (first use, or after a restart).
 */
public final class RedisScript {

    private final String source;
    private final String digest;

    public RedisScript(String source) {
        this.source = source;
        try {
            this.digest = HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    public <T> Flux<T> run(
            RedisReactiveCommands<String, String> redis, ScriptOutputType type, String[] keys, String... args) {
        return redis.<T>evalsha(digest, type, keys, args)
                .onErrorResume(RedisNoScriptException.class, unknown -> redis.<T>eval(source, type, keys, args));
    }
}
