package dev.concord.platform.users;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the users' owner is, for the users a replica misses.
 *
 * @param baseUrl remote-auth-service, e.g. {@code http://remote-auth-service:8081}; env {@code
 *     CONCORD_IDENTITY_URL} when unset; without either a miss is a 503
 * @param timeout how long one request to it may take
 * @param cacheSize how many users an instance keeps in memory (a few hundred bytes each)
 * @param cacheExpiry how long it keeps one; events keep them current before then
 */
@ConfigurationProperties("concord.users")
public record UsersSettings(
        @Nullable String baseUrl,
        @DefaultValue("2s") Duration timeout,
        @DefaultValue("20000") long cacheSize,
        @DefaultValue("10m") Duration cacheExpiry) {}
