package dev.concord.gateway.cluster;

import static org.awaitility.Awaitility.await;

import dev.concord.gateway.GatewayApplication;
import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A second gateway instance in a JVM of its own, on the test's classpath and infrastructure, so a test
 * can kill it the way a node dies: at once, with no shutdown hook run.
 */
final class GatewayProcess implements AutoCloseable {

    private final Process process;
    final int port;

    private GatewayProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts it with {@code properties} and waits until it answers HTTP. */
    static GatewayProcess start(Map<String, String> properties, Path log) throws IOException {
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(GatewayApplication.class.getName());
        command.add("--server.port=" + port);
        properties.forEach((key, value) -> command.add("--" + key + "=" + value));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        GatewayProcess started = new GatewayProcess(process, port);
        await("the second gateway instance answers")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("the second gateway exited: see " + log);
                    }
                    return answers(port);
                });
        return started;
    }

    /** Kills it as a crash would (SIGKILL): nothing is flushed or released. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean answers(int port) {
        try {
            HttpURLConnection connection = (HttpURLConnection)
                    URI.create("http://127.0.0.1:" + port + "/gateway").toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            return connection.getResponseCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static Path logFile(String name) {
        return new File(System.getProperty("java.io.tmpdir"), name).toPath();
    }
}
