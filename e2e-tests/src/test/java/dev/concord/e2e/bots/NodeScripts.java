package dev.concord.e2e.bots;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The node scripts of {@code src/test/node} (the discord.js bot, the webhook clients): their packages are
 * installed from the lock file into {@code target/discordjs} ({@code npm ci}) when it changed; a script
 * runs there and its last line of output is its report, as JSON.
 */
final class NodeScripts {

    private static final Path SOURCE = Path.of("src", "test", "node");
    private static final Path INSTALLED = Path.of("target", "discordjs");
    private static final String LOCK_FILE = "package-lock.json";
    private static final List<String> FILES = List.of(
            "package.json",
            LOCK_FILE,
            "discordjs-bot.mjs",
            "discordjs-button.mjs",
            "webhook-clients.mjs",
            "webhook-threads.mjs");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private NodeScripts() {}

    /** Runs {@code script} with {@code env}: its report, or an error with what it wrote to stderr. */
    static JsonNode run(String script, Map<String, String> env) throws IOException, InterruptedException {
        install();
        Path errors = INSTALLED.resolve(script + ".err");
        ProcessBuilder node =
                new ProcessBuilder("node", script).directory(INSTALLED.toFile()).redirectError(errors.toFile());
        node.environment().putAll(env);
        Process process = node.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new AssertionError(script + " failed: " + Files.readString(errors));
        }
        return JSON.readTree(out.strip().lines().reduce((first, last) -> last).orElse("{}"));
    }

    /**
     * The scripts copied into target/discordjs, and {@code npm ci} there unless its packages were installed
     * from this very lock file already (a dependency added since installs again).
     */
    private static synchronized void install() throws IOException, InterruptedException {
        Files.createDirectories(INSTALLED);
        Path lock = INSTALLED.resolve(LOCK_FILE);
        boolean current = Files.isDirectory(INSTALLED.resolve("node_modules"))
                && Files.exists(lock)
                && Files.mismatch(lock, SOURCE.resolve(LOCK_FILE)) == -1;
        for (String file : FILES) {
            Files.copy(SOURCE.resolve(file), INSTALLED.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (current) {
            return;
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
