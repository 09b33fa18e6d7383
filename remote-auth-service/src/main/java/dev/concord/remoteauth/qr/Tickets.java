package dev.concord.remoteauth.qr;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import dev.concord.remoteauth.secret.Secrets;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The tickets of pending_login: single use (taken with one GETDEL, so two exchanges of one ticket cannot
 * both succeed), short-lived, and bound to the user who approved and the desktop key the token will be
 * encrypted for. Redis holds only the ticket's SHA-256, so a read of Redis yields no ticket to use.
 */
@Component
class Tickets {

    /** What an exchanged ticket was issued for. */
    record Grant(Snowflake userId, DesktopKey key) {}

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings settings;
    private final Secrets secrets;
    private final Duration lifetime;

    Tickets(
            RedisReactiveCommands<String, String> redis,
            RedisSettings settings,
            Secrets secrets,
            RemoteAuthSettings remoteAuth) {
        this.redis = redis;
        this.settings = settings;
        this.secrets = secrets;
        this.lifetime = remoteAuth.ticketLifetime();
    }

    Mono<String> issue(Snowflake userId, DesktopKey key) {
        String ticket = secrets.token();
        return redis.set(key(ticket), userId.asString() + ":" + key.encoded(), SetArgs.Builder.px(lifetime.toMillis()))
                .thenReturn(ticket);
    }

    /** The grant of a ticket never exchanged before, now used up; empty for any other. */
    Mono<Grant> redeem(String ticket) {
        return redis.getdel(key(ticket)).map(value -> {
            int colon = value.indexOf(':');
            return new Grant(Snowflake.parse(value.substring(0, colon)), DesktopKey.parse(value.substring(colon + 1)));
        });
    }

    /** A ticket the desktop never got (it left before pending_login reached it). */
    Mono<Void> revoke(String ticket) {
        return redis.del(key(ticket)).then();
    }

    private String key(String ticket) {
        byte[] digest = DesktopKey.sha256(ticket.getBytes(StandardCharsets.US_ASCII));
        return settings.key("remote-auth:ticket:" + HexFormat.of().formatHex(digest));
    }
}
