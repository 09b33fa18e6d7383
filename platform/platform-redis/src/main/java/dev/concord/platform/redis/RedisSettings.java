package dev.concord.platform.redis;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where Redis is, and the prefix every key and channel of this service carries (tests give each class
 * its own, so they can share one server).
 */
@ConfigurationProperties("concord.redis")
public record RedisSettings(
        @DefaultValue("redis://127.0.0.1:6379") String uri,
        @DefaultValue("") String keyPrefix) {

    public String key(String name) {
        return keyPrefix + name;
    }
}
