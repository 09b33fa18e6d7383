package dev.concord.remoteauth.password;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Argon2id cost and how much hashing may queue up.
 *
 * @param memoryKib memory per hash; 19 MiB with 2 passes is OWASP's recommended minimum
 * @param iterations passes over that memory
 * @param parallelism lanes; 1, because concurrency comes from hashing several requests at once
 * @param queuedHashes hashes allowed to wait for a thread before requests are turned away with 503, so
 *     a login flood costs a bounded amount of memory and latency instead of piling up
 */
@ConfigurationProperties("concord.password")
record PasswordSettings(
        @DefaultValue("19456") int memoryKib,
        @DefaultValue("2") int iterations,
        @DefaultValue("1") int parallelism,
        @DefaultValue("64") int queuedHashes) {}
