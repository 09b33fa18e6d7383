package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One app running as a child JVM from its executable jar, the way its container runs it. */
final class ChildProcess {

    private final App app;
    private final AppImage image;
    private final Process process;
    private final Path logFile;
    private volatile boolean stopping;

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

    App app() {
        return app;
    }

    Path logFile() {
        return logFile;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int exitValue() {
        return process.exitValue();
    }

    /**
     * Asks the app and anything it started to stop (SIGTERM: Spring's graceful shutdown) and returns
     * the processes to wait for. Descendants are collected first: once the parent is gone, they are
     * no longer reachable through it.
     */
    List<ProcessHandle> requestStop() {
        stopping = true;
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(0, process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        return tree;
    }

    /** True if the app writes its class-data archive as it exits, which makes that exit slower. */
    boolean isArchiving() {
        return image.isRecording();
    }

    /** Once the app has exited: keeps the class-data archive it may have written on the way out. */
    void afterExit() {
        if (!process.isAlive()) {
            image.keepArchive(process.exitValue());
        }
    }

    /** Waits for {@code processes} until {@code deadlineNanos}, then kills whatever is still alive. */
    static void awaitOrKill(List<ProcessHandle> processes, long deadlineNanos) {
        for (ProcessHandle handle : processes) {
            long remaining = Math.max(0, deadlineNanos - System.nanoTime());
            try {
                handle.onExit().get(remaining, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                handle.destroyForcibly();
            } catch (Exception timedOut) {
                handle.destroyForcibly();
            }
        }
    }
}
