package dev.concord.gateway.limits;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * What the gateway allows one client, counted across every instance in Redis.
 *
 * <p>The platform documents only the bots' session start limit (1000 identifies a day, one identify per
 * rate-limit bucket every 5 s, {@code max_concurrency} buckets); identifies per user and per address are
 * ours, set so a client that reconnects normally never meets them and one that loops on Identify does.
 *
 * @param identifiesPerUser identifies one user (person or bot) may send in {@code identifyWindow}; 0: no limit
 * @param identifiesPerAddress identifies from one client address in {@code identifyWindow}; 0: no limit.
 *     Many people can share an address (NAT), so this is looser than the per-user one
 * @param identifyWindow the window of both
 * @param sessionStartTotal a bot's session starts per {@code sessionStartWindow} ({@code total} of
 *     {@code session_start_limit})
 * @param sessionStartWindow how long after its first identify a bot's budget resets (24 h)
 * @param maxConcurrency a bot's rate-limit buckets ({@code shard_id % max_concurrency}); each allows one
 *     identify per {@code concurrencyWindow}
 * @param concurrencyWindow 5 s on the platform
 * @param trustedProxies addresses whose {@code X-Forwarded-For} is believed (the edge, the ingress); the
 *     header of anyone else is a claim and the connection's own address is used
 */
@ConfigurationProperties("concord.gateway.limits")
public record LimitSettings(
        @DefaultValue("10") int identifiesPerUser,
        @DefaultValue("60") int identifiesPerAddress,
        @DefaultValue("60s") Duration identifyWindow,
        @DefaultValue("1000") int sessionStartTotal,
        @DefaultValue("24h") Duration sessionStartWindow,
        @DefaultValue("1") int maxConcurrency,
        @DefaultValue("5s") Duration concurrencyWindow,

        @DefaultValue({"127.0.0.1", "::1", "0:0:0:0:0:0:0:1"})
        List<String> trustedProxies) {

    public LimitSettings {
        if (sessionStartTotal < 1 || maxConcurrency < 1) {
            throw new IllegalArgumentException(
                    "concord.gateway.limits.session-start-total and max-concurrency must be positive");
        }
        trustedProxies = List.copyOf(trustedProxies);
    }

    /** The defaults, for tests that build connections by hand. */
    public static LimitSettings defaults() {
        return new LimitSettings(
                10,
                60,
                Duration.ofSeconds(60),
                1000,
                Duration.ofHours(24),
                1,
                Duration.ofSeconds(5),
                List.of("127.0.0.1", "::1", "0:0:0:0:0:0:0:1"));
    }
}
