package dev.concord.localstack;

import dev.concord.platform.infra.EmbeddedKafkaServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * A started stack: where it listens, the demo user's token, control over Kafka for outage tests, and
 * {@link #close()}, which stops the apps (and anything they started) before the servers they use.
 */
public final class RunningStack implements AutoCloseable {

    /** What a stop normally takes at most; a longer one is announced. */
    private static final Duration USUAL_STOP = Duration.ofSeconds(30);

    private final Options options;
    private final List<StackApp> apps = new ArrayList<>();
    private @Nullable Infrastructure infra;
    /** Set once the stack is ready; the stack is handed out only then. */
    private volatile @Nullable DemoSeed demo;

    private volatile @Nullable Duration startupTime;
    private final Thread shutdownHook = new Thread(this::close, "local-stack-shutdown");
    private volatile boolean closed;

    /**
     * Empty at first: {@link LocalStack} hands over each part as it starts, so a stop mid-start finds
     * them. A JVM shutdown hook (Ctrl-C, SIGTERM, or a test run cut short) closes whatever was started.
     */
    RunningStack(Options options) {
        this.options = options;
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Takes ownership of the servers; false if the stack was closed meanwhile (the caller stops them). */
    synchronized boolean adopt(Infrastructure servers) {
        if (closed) {
            return false;
        }
        infra = servers;
        return true;
    }

    /** Takes ownership of a started app; false if the stack was closed meanwhile (the caller stops it). */
    synchronized boolean adopt(StackApp app) {
        if (closed) {
            return false;
        }
        apps.add(app);
        return true;
    }

    synchronized List<StackApp> apps() {
        return List.copyOf(apps);
    }

    void ready(DemoSeed seed, Duration elapsed) {
        demo = seed;
        startupTime = elapsed;
    }

    public Options options() {
        return options;
    }

    public int port(App app) {
        return options.port(app);
    }

    /** Base URL of the edge, the one address clients use. */
    public String edgeUrl() {
        return "http://127.0.0.1:" + port(App.EDGE);
    }

    /** The client gateway, reached through the edge like every other path. */
    public String gatewayUrl() {
        return "ws://127.0.0.1:" + port(App.EDGE) + "/?v=10&encoding=json";
    }

    public DemoUser demoUser() {
        return demo().owner();
    }

    /** The demo users and guild. */
    public DemoSeed demo() {
        return Objects.requireNonNull(demo, "not ready");
    }

    /** The in-process broker: {@code stop()} and {@code start()} simulate an outage and its end. */
    public synchronized EmbeddedKafkaServer kafka() {
        return Objects.requireNonNull(infra, "not started").kafka;
    }

    /** From the launch to the demo user's token in hand. */
    public Duration startupTime() {
        return Objects.requireNonNull(startupTime, "not ready");
    }

    /** Current resident memory of every process of the stack; empty where it cannot be measured. */
    public OptionalLong totalRssBytes() {
        return ProcessMemory.totalRss(options.stateDir().resolve("postgres"));
    }

    /** True once {@link #close()} began, e.g. because Ctrl-C arrived while the stack was starting. */
    public boolean isClosed() {
        return closed;
    }

    /** Stops everything; safe to call more than once and from a shutdown hook. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException alreadyShuttingDown) {
                // The hook runs anyway and finds the stack closed.
            }
        }
        stopApps(apps);
        if (infra != null) {
            infra.close();
        }
    }

    /** All apps are asked to stop first and then awaited together, so stopping takes as long as the slowest one. */
    static void stopApps(List<StackApp> apps) {
        Duration timeout = apps.stream()
                .map(StackApp::stopTimeout)
                .max(Duration::compareTo)
                .orElse(USUAL_STOP);
        if (timeout.compareTo(USUAL_STOP) > 0) {
            System.out.println(
                    "[local-stack] Stopping; the first stop also writes class-data archives for faster starts.");
        }
        // An app that failed to stop cleanly has said so; the others are still awaited.
        CompletableFuture<Void> all = CompletableFuture.allOf(apps.stream()
                .map(app -> app.stop().exceptionally(failed -> null))
                .toArray(CompletableFuture<?>[]::new));
        try {
            all.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            apps.forEach(StackApp::kill);
        } catch (TimeoutException | ExecutionException e) {
            apps.forEach(StackApp::kill);
        }
    }
}
