package dev.concord.localstack;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * One app running in the launcher's JVM: its own class loader over its unpacked jar (see
 * {@link AppClassLoaders}), its own application context, and its own environment variables (see
 * {@link SpringRunHook}). What it runs is the jar production runs; only the JVM is shared.
 */
final class InProcessApp implements StackApp {

    /** Spring's banner goes to the log, as in a JVM of its own, not to the launcher's terminal. */
    private static final String[] ARGUMENTS = {"--spring.main.banner-mode=log"};

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final App app;
    private final Path logFile;
    private final ClassLoader loader;
    private final Thread starter;
    private volatile @Nullable Closeable context;
    private volatile @Nullable Throwable failure;
    private volatile boolean stopping;

    private InProcessApp(App app, Path logFile, ClassLoader loader, String mainClass, Map<String, String> variables) {
        this.app = app;
        this.logFile = logFile;
        this.loader = loader;
        this.starter = new Thread(() -> run(loader, mainClass, variables), "start-" + app.shortName());
    }

    /**
     * Starts the app on a thread of its own and returns at once. It sees the launcher's environment
     * variables overlaid with {@code environment}, as a child process would.
     */
    static InProcessApp start(
            App app, ClassLoader loader, String mainClass, Map<String, String> environment, Path logFile) {
        Map<String, String> variables = new HashMap<>(System.getenv());
        variables.putAll(environment);
        InProcessApp started = new InProcessApp(app, logFile, loader, mainClass, variables);
        started.starter.start();
        return started;
    }

    private void run(ClassLoader loader, String mainClass, Map<String, String> variables) {
        try {
            SpringRunHook.runMain(loader, mainClass, ARGUMENTS.clone(), variables, created -> context = created);
        } catch (Exception | LinkageError e) {
            failure = e;
            if (!stopping) {
                System.err.println("[" + app.shortName() + "] failed to start: " + rootCause(e) + "; see " + logFile);
            }
        }
    }

    @Override
    public App app() {
        return app;
    }

    @Override
    public @Nullable String failure() {
        Throwable failed = failure;
        return failed == null ? null : "failed to start (" + rootCause(failed) + ")";
    }

    @Override
    public Path logFile() {
        return logFile;
    }

    /** Once the app has started (or failed to), closes its context: Spring's graceful shutdown. */
    @Override
    public CompletableFuture<Void> stop() {
        stopping = true;
        AppLogging.quietTerminal(loader);
        CompletableFuture<Void> stopped = new CompletableFuture<>();
        Thread stopper = new Thread(
                () -> {
                    try {
                        starter.join();
                        Closeable started = context;
                        if (started != null) {
                            started.close();
                        }
                        stopped.complete(null);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        stopped.completeExceptionally(e);
                    } catch (IOException | RuntimeException e) {
                        System.err.println("[" + app.shortName() + "] did not stop cleanly: " + rootCause(e));
                        stopped.completeExceptionally(e);
                    }
                },
                "stop-" + app.shortName());
        stopper.setDaemon(true);
        stopper.start();
        return stopped;
    }

    @Override
    public Duration stopTimeout() {
        return STOP_TIMEOUT;
    }

    /** Nothing to kill in a shared JVM: whatever is left ends with it. */
    @Override
    public void kill() {}

    private static String rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
