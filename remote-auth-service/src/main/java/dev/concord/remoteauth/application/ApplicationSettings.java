package dev.concord.remoteauth.application;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How an application's interactions endpoint is checked before it is saved.
 *
 * @param endpointTimeout how long each of the two check requests may take
 * @param interactionTimeout how long an endpoint may take to answer an interaction: the platform's three
 *     seconds, after which the interaction has failed
 * @param allowPrivateEndpoints whether the endpoint may be on a loopback or private address (the local
 *     stack and tests); off in production, where the check would otherwise let anyone make this service
 *     call inside its own network
 */
@ConfigurationProperties("concord.applications")
record ApplicationSettings(
        @DefaultValue("5s") Duration endpointTimeout,
        @DefaultValue("3s") Duration interactionTimeout,
        @DefaultValue("false") boolean allowPrivateEndpoints) {}
