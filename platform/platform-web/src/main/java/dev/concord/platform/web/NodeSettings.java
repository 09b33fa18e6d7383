package dev.concord.platform.web;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * This instance's place in the id space: snowflakes carry a 5-bit worker and a 5-bit process, and no two
 * running instances may share both. The process is fixed per service; the worker is leased from Redis
 * at start (platform-redis) unless set here, as the local stack and single-instance setups may.
 *
 * @param worker 0-31; left out, one is leased
 * @param process 0-31, one per service
 */
@ConfigurationProperties("concord.node")
public record NodeSettings(
        @Nullable Integer worker, @DefaultValue("0") int process) {}
