package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;

/**
 * The open connections of this instance. One sweep checks every connection's heartbeat, which is cheaper
 * than a timer per connection rescheduled on every heartbeat. On shutdown, clients are told to reconnect
 * (elsewhere) before the server stops accepting their frames.
 */
@Component
public final class Connections implements SmartLifecycle {

    private final Set<GatewayConnection> open = ConcurrentHashMap.newKeySet();
    private final ConnectionServices services;
    private final Duration sweepPeriod;
    private volatile @Nullable Disposable sweep;

    public Connections(ConnectionServices services) {
        this.services = services;
        // A quarter interval keeps the timeout accurate to a small fraction of its length.
        Duration quarter = services.settings().heartbeatInterval().dividedBy(4);
        this.sweepPeriod = quarter.compareTo(Duration.ofSeconds(1)) > 0
                ? Duration.ofSeconds(1)
                : quarter.compareTo(Duration.ofMillis(10)) < 0 ? Duration.ofMillis(10) : quarter;
    }

    /** A new connection on {@code outbound}; Hello is sent at once. */
    public GatewayConnection open(Outbound outbound, int version) {
        return open(outbound, version, "unknown");
    }

    /** As {@link #open(Outbound, int)}, for a client at {@code clientAddress}. */
    public GatewayConnection open(Outbound outbound, int version, String clientAddress) {
        GatewayConnection connection = new GatewayConnection(services, outbound, version, clientAddress);
        open.add(connection);
        connection.open();
        return connection;
    }

    /** The connection's socket is gone; {@code clientCloseCode} is the client's close code, or 1006. */
    public void closed(GatewayConnection connection, int clientCloseCode) {
        open.remove(connection);
        connection.closed(clientCloseCode);
    }

    public int count() {
        return open.size();
    }

    @Override
    public void start() {
        sweep = Flux.interval(sweepPeriod).subscribe(tick -> {
            long now = services.nanoTime().getAsLong();
            open.forEach(connection -> connection.checkHeartbeat(now));
        });
    }

    @Override
    public void stop() {
        Disposable running = sweep;
        if (running != null) {
            running.dispose();
        }
        sweep = null;
        open.forEach(connection -> connection.close(CloseCode.RESTARTING));
    }

    @Override
    public boolean isRunning() {
        return sweep != null;
    }
}
