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
 * @param identifiesPerUser identifies one person may send in {@code identifyWindow}; 0: no limit. Bots
 *     are bounded by their session starts instead, which let a sharded bot identify many times at once
 * @param identifiesPerAddress people's identifies from one client address in {@code identifyWindow}; 0:
 *     no limit. Many people can share an address (NAT), so this is looser than the per-user one
 * @param identifyWindow the window of both
 * @param sessionStartTotal a bot's session starts per {@code sessionStartWindow} ({@code total} of
 *     {@code session_start_limit})
 * @param sessionStartWindow how long after its first identify a bot's budget resets (24 h)
 * @param maxConcurrency a bot's rate-limit buckets ({@code shard_id % max_concurrency}); each allows one
 *     identify per {@code concurrencyWindow}
 * @param concurrencyWindow 5 s on the platform
 * @param trustedProxies addresses and CIDR ranges whose {@code X-Forwarded-For} is believed (the edge,
 *     the ingress); the header of anyone else is a claim and the connection's own address is used
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
        @DefaultValue({"127.0.0.1", "::1"}) List<String> trustedProxies) {

    public LimitSettings {
        if (sessionStartTotal < 1 || maxConcurrency < 1) {
            throw new IllegalArgumentException(
                    "concord.gateway.limits.session-start-total and max-concurrency must be positive");
        }
        trustedProxies = List.copyOf(trustedProxies);
        // Read once here, so a bad entry stops the service at start-up.
        TrustedProxies.of(trustedProxies);
    }

    public TrustedProxies proxies() {
        return TrustedProxies.of(trustedProxies);
    }
}
