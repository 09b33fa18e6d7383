package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** One app running as a child JVM from its executable jar, the way its container runs it. */
final class ChildProcess implements StackApp {

    /** Above the apps' own graceful-shutdown phase (20 s), so a clean stop is never cut short. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** Seven JVMs writing their class-data archives at once keep two cores busy for a while. */
    private static final Duration ARCHIVING_STOP_TIMEOUT = Duration.ofSeconds(120);

    private final App app;
    private final AppImage image;
    private final Process process;
    private final Path logFile;
    private volatile boolean stopping;
    private volatile List<ProcessHandle> stoppingTree = List.of();

    private ChildProcess(App app, AppImage image, Process process, Path logFile) {
        this.app = app;
        this.image = image;
        this.process = process;
        this.logFile = logFile;
        process.onExit().thenAccept(exited -> {
            if (!stopping) {
                System.err.println("[" + app.shortName() + "] exited unexpectedly with code " + exited.exitValue()
                        + "; see " + logFile);
            }
        });
    }

    static ChildProcess start(App app, AppImage image, Map<String, String> environment, Path workDir, Path logDir) {
        List<String> command = new ArrayList<>();
        command.add(Commands.java());
        command.addAll(JvmFlags.forApp(app));
        command.addAll(image.launchArguments());
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Path logFile = logDir.resolve(app.shortName() + ".log");
        try {
            Process process = builder.start();
            // Nothing is ever typed into an app; a closed stdin also stops it from waiting on one.
            process.getOutputStream().close();
            ChildProcess child = new ChildProcess(app, image, process, logFile);
            // Errors while stopping (servers going away under an app) are expected: logged, not echoed.
            LogPump.start(app.shortName(), process.getInputStream(), logFile, () -> !child.stopping);
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + app.module(), e);
        }
    }

    @Override
    public App app() {
        return app;
    }

    @Override
    public Path logFile() {
        return logFile;
    }

    @Override
    public @Nullable String failure() {
        return process.isAlive() ? null : "exited with code " + process.exitValue();
    }

    /**
     * Asks the app and anything it started to stop (SIGTERM: Spring's graceful shutdown); completes when
     * all have exited, after keeping the class-data archive the app may have written on the way out.
     * Descendants are collected first: once the parent is gone, they are no longer reachable through it.
     */
    @Override
    public CompletableFuture<Void> stop() {
        stopping = true;
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(0, process.toHandle());
        stoppingTree = List.copyOf(tree);
        tree.forEach(ProcessHandle::destroy);
        return CompletableFuture.allOf(tree.stream().map(ProcessHandle::onExit).toArray(CompletableFuture<?>[]::new))
                .thenRun(() -> image.keepArchive(process.exitValue()));
    }

    /** Longer on the first stop, when the app writes its class-data archive as it exits. */
    @Override
    public Duration stopTimeout() {
        return image.isRecording() ? ARCHIVING_STOP_TIMEOUT : STOP_TIMEOUT;
    }

    @Override
    public void kill() {
        stoppingTree.forEach(ProcessHandle::destroyForcibly);
    }
}
