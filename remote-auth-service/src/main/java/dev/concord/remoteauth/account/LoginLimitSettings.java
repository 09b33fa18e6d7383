package dev.concord.remoteauth.account;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How hard password guessing is throttled.
 *
 * @param accountFailures failed logins one account tolerates per {@code accountWindow}, whoever tries
 * @param accountWindow that window
 * @param addressAttempts logins (failed or not) one client address may try per {@code addressWindow}
 * @param addressWindow that window
 */
@ConfigurationProperties("concord.login-limits")
record LoginLimitSettings(
        @DefaultValue("5") int accountFailures,
        @DefaultValue("5m") Duration accountWindow,
        @DefaultValue("20") int addressAttempts,
        @DefaultValue("1m") Duration addressWindow) {}
