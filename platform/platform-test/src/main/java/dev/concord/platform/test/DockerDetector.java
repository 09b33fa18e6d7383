package dev.concord.platform.test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Decides between Testcontainers and the embedded servers. Asking Testcontainers costs little when
 * Docker is there, but when it is not, Testcontainers logs a page of errors per strategy it tries;
 * so it is only asked when some sign of a Docker engine exists, and never for longer than
 * {@link #PROBE_TIMEOUT}.
 */
final class DockerDetector {

    static final String MODE_PROPERTY = "concord.test.infrastructure";
    static final String MODE_VARIABLE = "CONCORD_TEST_INFRASTRUCTURE";

    private static final Logger LOG = LoggerFactory.getLogger(DockerDetector.class);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

    private DockerDetector() {}

    static boolean useContainers() {
        String mode = System.getProperty(MODE_PROPERTY, System.getenv().getOrDefault(MODE_VARIABLE, "auto"));
        return switch (mode.trim().toLowerCase(Locale.ROOT)) {
            case "embedded" -> false;
            case "containers" -> true;
            case "auto", "" -> hintsOfDocker() && probe();
            default ->
                throw new IllegalArgumentException(
                        MODE_PROPERTY + " must be auto, embedded or containers, not " + mode);
        };
    }

    /** The places Testcontainers' own discovery strategies look at; none present means no Docker. */
    private static boolean hintsOfDocker() {
        if (System.getenv("DOCKER_HOST") != null || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") != null) {
            return true;
        }
        String home = System.getProperty("user.home", "");
        List<Path> candidates = new ArrayList<>(List.of(
                Path.of("/var/run/docker.sock"),
                Path.of(home, ".testcontainers.properties"),
                Path.of(home, ".docker", "run", "docker.sock"),
                Path.of(home, ".docker", "desktop", "docker.sock"),
                Path.of(home, ".docker", "config.json"),
                Path.of(home, ".colima", "default", "docker.sock"),
                Path.of(home, ".rd", "docker.sock")));
        String runtimeDir = System.getenv("XDG_RUNTIME_DIR");
        if (runtimeDir != null) {
            candidates.add(Path.of(runtimeDir, "docker.sock"));
        }
        return candidates.stream().anyMatch(Files::exists);
    }

    private static boolean probe() {
        FutureTask<Boolean> probe =
                new FutureTask<>(() -> DockerClientFactory.instance().isDockerAvailable());
        Thread thread = new Thread(probe, "docker-probe");
        thread.setDaemon(true);
        thread.start();
        try {
            return probe.get(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("No answer from Docker within {}; using embedded servers", PROBE_TIMEOUT);
            return false;
        } catch (ExecutionException e) {
            LOG.warn("Docker probe failed ({}); using embedded servers", String.valueOf(e.getCause()));
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
