package dev.concord.presence.session;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param resumeWindow how long the sessions of a gateway instance that died are kept aside, in case their
 *     clients resume them elsewhere (the gateway's own resume window)
 * @param sweepInterval how often lapsed instances and expired headless sessions are looked for: with the
 *     gateway's lease, what bounds how long a dead instance's users still look online
 * @param headlessLifetime how long a headless session lasts without being renewed
 */
@ConfigurationProperties("concord.presence")
public record PresenceSettings(
        @DefaultValue("3m") Duration resumeWindow,
        @DefaultValue("2s") Duration sweepInterval,
        @DefaultValue("20m") Duration headlessLifetime) {}
