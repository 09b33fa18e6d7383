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
 * service and the edge from the same jars production runs, configured through the same environment
 * variables: by default all in this JVM, each in its own class loader and application context; with
 * {@link Options#jvmPerApp()} each in a child JVM, as deployed. Only where the servers come from, and
 * whether the apps share a JVM, differs from a deployment.
 */
public final class LocalStack {

    private static final String IO_WORKERS = "reactor.netty.ioWorkerCount";

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
        if (options.jvmPerApp()) {
            startJvmPerApp(stack, images, infra, keys);
        } else {
            startInThisJvm(stack, images, infra, keys);
        }
        Readiness.await(stack.apps(), options);
        stack.ready(DemoSeed.seed(options.port(App.EDGE)), Duration.ofNanos(System.nanoTime() - started));
    }

    /** All at once: on two cores the JVMs' start-up work overlaps with each other's I/O waits. */
    private static void startJvmPerApp(
            RunningStack stack, Map<App, CompletableFuture<AppImage>> images, Infrastructure infra, TokenKeys keys) {
        Options options = stack.options();
        for (App app : App.values()) {
            ChildProcess child = ChildProcess.start(
                    app,
                    join(Objects.requireNonNull(images.get(app), app.module())),
                    ChildEnvironment.of(app, options, infra, keys),
                    options.stateDir(),
                    options.logDir());
            if (!stack.adopt(child)) {
                RunningStack.stopApps(List.of(child));
                throw new IllegalStateException("Stopped while starting");
            }
        }
    }

    /**
     * Every app in this JVM, each on its own thread, in its own class loader and application context, with
     * the environment its deployment sets. One JVM instead of seven: the libraries' classes, the JIT's
     * work and the JVM's own memory are paid for once.
     */
    private static void startInThisJvm(
            RunningStack stack, Map<App, CompletableFuture<AppImage>> images, Infrastructure infra, TokenKeys keys) {
        Options options = stack.options();
        Map<App, String> mainClasses = new EnumMap<>(App.class);
        Map<App, List<Path>> classpaths = new EnumMap<>(App.class);
        for (App app : App.values()) {
            AppImage image = join(Objects.requireNonNull(images.get(app), app.module()));
            mainClasses.put(app, image.mainClass());
            classpaths.put(app, image.classpath());
        }
        AppClassLoaders loaders = AppClassLoaders.create(classpaths);
        Path logFile = AppLogging.configure(loaders.libraries(), options.stateDir(), options.logDir());
        // One Netty event loop per core, as each app's JVM has (JvmFlags): now they are shared by all apps.
        if (System.getProperty(IO_WORKERS) == null) {
            System.setProperty(IO_WORKERS, String.valueOf(Runtime.getRuntime().availableProcessors()));
        }
        for (App app : App.values()) {
            InProcessApp started = InProcessApp.start(
                    app,
                    loaders.of(app),
                    Objects.requireNonNull(mainClasses.get(app)),
                    ChildEnvironment.of(app, options, infra, keys),
                    logFile);
            if (!stack.adopt(started)) {
                RunningStack.stopApps(List.of(started));
                throw new IllegalStateException("Stopped while starting");
            }
        }
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
