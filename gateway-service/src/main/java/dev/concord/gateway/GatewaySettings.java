package dev.concord.gateway;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How the gateway behaves towards clients.
 *
 * @param publicUrl the socket's address as clients dial it (answered by {@code GET /gateway} and sent
 *     as {@code resume_gateway_url}); behind the edge, not this instance's own port
 * @param heartbeatInterval announced in Hello; clients heartbeat at this pace
 * @param heartbeatSlack added to 1.5 intervals before a silent client is timed out, for network jitter
 * @param identityUrl remote-auth-service, asked for the user object of READY
 * @param identifyTimeout how long fetching that user may take before the client is told to reconnect
 * @param outboundQueueSize frames one session may have waiting; a client that falls further behind is
 *     disconnected (it can resume) instead of growing memory
 * @param replayBufferSize dispatches kept per session for Resume (less than the outbound queue, which
 *     must hold a whole replay)
 * @param resumeWindow how long a disconnected session stays resumable (and how long a dispatch is kept
 *     for it)
 * @param replayMemory the ceiling of the instance's replay memory: the bytes of every dispatch some
 *     session may still resume, each counted once however many sessions share it
 * @param homeLease how long an instance's hold on its sessions lasts unless renewed: after it dies, its
 *     clients resume on another instance once this has passed (a clean shutdown lets go at once)
 */
@ConfigurationProperties("concord.gateway")
public record GatewaySettings(
        @DefaultValue("ws://127.0.0.1:8080") String publicUrl,
        @DefaultValue("41250ms") Duration heartbeatInterval,
        @DefaultValue("5s") Duration heartbeatSlack,
        @DefaultValue("http://127.0.0.1:8081") String identityUrl,
        @DefaultValue("5s") Duration identifyTimeout,
        @DefaultValue("2048") int outboundQueueSize,
        @DefaultValue("1024") int replayBufferSize,
        @DefaultValue("3m") Duration resumeWindow,
        @DefaultValue("64MB") DataSize replayMemory,
        @DefaultValue("10s") Duration homeLease) {

    public GatewaySettings {
        if (replayBufferSize < 1) {
            throw new IllegalArgumentException("concord.gateway.replay-buffer-size must be positive");
        }
        // A resume queues Hello, the whole replay and RESUMED at once: a smaller queue could never resume.
        if (outboundQueueSize < replayBufferSize + 2) {
            throw new IllegalArgumentException(
                    "concord.gateway.outbound-queue-size must exceed replay-buffer-size + 1");
        }
    }

    /** Silence after which a client is closed with 4009: one and a half intervals plus the slack. */
    public Duration heartbeatTimeout() {
        return heartbeatInterval.multipliedBy(3).dividedBy(2).plus(heartbeatSlack);
    }
}
