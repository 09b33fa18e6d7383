package dev.concord.platform.guilds;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where guild-service is and how long its answers are kept.
 *
 * @param baseUrl guild-service, e.g. {@code http://guild-service:8084}; the client is set up only when given
 * @param cacheTtl how long an answer is kept (events about the guild drop it sooner)
 * @param cacheSize the most answers kept; a cached member list counts one per member
 * @param timeout how long one request to guild-service may take
 */
@ConfigurationProperties("concord.guilds")
public record GuildsSettings(
        String baseUrl,
        @DefaultValue("5s") Duration cacheTtl,
        @DefaultValue("100000") long cacheSize,
        @DefaultValue("2s") Duration timeout) {}
