package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Starts the whole platform on one machine: PostgreSQL, Redis and Kafka in this JVM, then every
 * service and the edge as child JVMs from the same jars production runs, configured through the same
 * environment variables. Only where the servers come from differs from a deployment.
 */
public final class LocalStack {

    private LocalStack() {}

    /** Command-line entry point: starts the stack, prints how to use it, and runs until Ctrl-C. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = CommandLine.parse(args);
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Console.configureLogging(options);
        RunningStack stack = new RunningStack(options);
        try {
            launch(stack);
        } catch (RuntimeException e) {
            // Interrupted by Ctrl-C, the failure is only the apps going away: not worth reporting.
            System.err.println("[local-stack] " + (stack.isClosed() ? "Stopped." : e.getMessage()));
            // The stack's shutdown hook stops whatever had started.
            System.exit(1);
        }
        Console.printBanner(stack);
        Thread.currentThread().join();
    }

    /** Starts a stack and returns once every app is ready and the demo user is seeded. */
    public static RunningStack start(Options options) {
        RunningStack stack = new RunningStack(options);
        try {
            launch(stack);
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    private static void launch(RunningStack stack) {
        long started = System.nanoTime();
        Options options = stack.options();
        Map<App, Path> jars = Preflight.requireJars(options.repoRoot());
        Preflight.requireFreePorts(options);
        createDirectories(options.logDir());
        TokenKeys keys = TokenKeys.loadOrCreate(options.stateDir().resolve("keys"));
        // Unpacking (first run, or after a rebuild) overlaps with the servers' start, two jars at a time.
        Map<App, CompletableFuture<AppImage>> images = prepareImages(jars, options);
        Infrastructure infra = Infrastructure.start(options);
        if (!stack.adopt(infra)) {
            infra.close();
            throw new IllegalStateException("Stopped while starting");
        }
        // All at once: on two cores the JVMs' start-up work overlaps with each other's I/O waits.
        for (App app : App.values()) {
            ChildProcess child = ChildProcess.start(
                    app,
                    join(Objects.requireNonNull(images.get(app), app.module())),
                    ChildEnvironment.of(app, options, infra, keys),
                    options.stateDir(),
                    options.logDir());
            if (!stack.adopt(child)) {
                RunningStack.stopChildren(List.of(child));
                throw new IllegalStateException("Stopped while starting");
            }
        }
        Readiness.await(stack.children(), options);
        stack.ready(DemoSeed.seed(options.port(App.EDGE)), Duration.ofNanos(System.nanoTime() - started));
    }

    /**
     * Each app's image, ready as soon as its own jar is unpacked, so the first apps start while the last
     * jars are still unpacking. Two at a time: unpacking is half disk, half a JVM starting.
     */
    private static Map<App, CompletableFuture<AppImage>> prepareImages(Map<App, Path> jars, Options options) {
        ExecutorService unpackers = Executors.newFixedThreadPool(2, task -> new Thread(task, "local-stack-prepare"));
        Map<App, CompletableFuture<AppImage>> images = new EnumMap<>(App.class);
        jars.forEach((app, jar) -> images.put(
                app,
                CompletableFuture.supplyAsync(
                        () -> AppImage.prepare(app, jar, options.stateDir(), options.logDir()), unpackers)));
        unpackers.shutdown();
        return images;
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create " + dir, e);
        }
    }
}
