package dev.concord.webhook.messages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The example deliveries GitHub publishes for every webhook event (npm's {@code @octokit/webhooks-examples},
 * pinned by {@code src/test/node/package-lock.json}), installed with {@code npm ci} into {@code
 * target/github-examples} unless that lock file's packages are there already (so a second run needs no
 * network).
 */
final class GithubExamples {

    private static final Path SOURCE = Path.of("src", "test", "node");
    private static final Path INSTALLED = Path.of("target", "github-examples");
    private static final String LOCK_FILE = "package-lock.json";
    private static final List<String> FILES = List.of("package.json", LOCK_FILE);
    private static final Path INDEX =
            Path.of("node_modules", "@octokit", "webhooks-examples", "api.github.com", "index.json");

    private GithubExamples() {}

    /** Each event's name with its examples, as raw JSON, in GitHub's order. */
    static Map<String, List<JsonNode>> byEvent() throws IOException, InterruptedException {
        install();
        JsonNode index =
                JsonMapper.builder().build().readTree(INSTALLED.resolve(INDEX).toFile());
        Map<String, List<JsonNode>> events = new LinkedHashMap<>();
        for (JsonNode event : index) {
            events.put(
                    event.get("name").asString(),
                    event.get("examples").valueStream().toList());
        }
        return events;
    }

    private static synchronized void install() throws IOException, InterruptedException {
        Files.createDirectories(INSTALLED);
        Path lock = INSTALLED.resolve(LOCK_FILE);
        boolean current = Files.exists(INSTALLED.resolve(INDEX))
                && Files.exists(lock)
                && Files.mismatch(lock, SOURCE.resolve(LOCK_FILE)) == -1;
        if (current) {
            return;
        }
        for (String file : FILES) {
            Files.copy(SOURCE.resolve(file), INSTALLED.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
                .directory(INSTALLED.toFile())
                .redirectErrorStream(true)
                .redirectOutput(INSTALLED.resolve("npm.log").toFile())
                .start();
        if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
            npm.destroyForcibly();
            throw new AssertionError("npm ci failed: " + Files.readString(INSTALLED.resolve("npm.log")));
        }
    }
}
