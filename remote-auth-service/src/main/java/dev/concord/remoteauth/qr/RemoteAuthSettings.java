package dev.concord.remoteauth.qr;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The remote-auth gateway's timings and the limits that keep it from being abused.
 *
 * @param heartbeatInterval what hello tells the desktop to heartbeat by (the platform's 41.25 s)
 * @param timeout a desktop session's whole lifespan, hello's {@code timeout_ms}: the QR code is dead after it
 * @param ticketLifetime how long the ticket of pending_login can be exchanged for a token
 * @param sessionsPerAddress desktop sockets one client address may hold open at once
 * @param mobileAttempts session creations, finishes and cancels one user may try per {@code attemptWindow}
 *     (each guesses a fingerprint or a handshake token)
 * @param ticketAttempts ticket exchanges one client address may try per {@code attemptWindow}
 * @param attemptWindow that window
 * @param raUrl what the QR code points at before the fingerprint; empty: this host's approval page
 */
@ConfigurationProperties("concord.remote-auth")
public record RemoteAuthSettings(
        @DefaultValue("41250ms") Duration heartbeatInterval,
        @DefaultValue("120s") Duration timeout,
        @DefaultValue("60s") Duration ticketLifetime,
        @DefaultValue("10") int sessionsPerAddress,
        @DefaultValue("20") int mobileAttempts,
        @DefaultValue("10") int ticketAttempts,
        @DefaultValue("1m") Duration attemptWindow,
        @DefaultValue("") String raUrl) {}
