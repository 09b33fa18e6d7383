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
 * The discord.js 14 bot of {@code src/test/node}, run by node: its package is installed once per build
 * from its lock file into {@code target/discordjs} ({@code npm ci}), then the script plays the scenario
 * and prints its report as JSON. The person's message is sent by the script itself, through the API.
 */
public final class DiscordJsBot {

    private static final Path SOURCE = Path.of("src", "test", "node");
    private static final Path INSTALLED = Path.of("target", "discordjs");
    private static final List<String> FILES = List.of("package.json", "package-lock.json", "discordjs-bot.mjs");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DiscordJsBot() {}

    public static BotReport play(BotScenario scenario) throws IOException, InterruptedException {
        install();
        ProcessBuilder node = new ProcessBuilder("node", "discordjs-bot.mjs")
                .directory(INSTALLED.toFile())
                .redirectError(INSTALLED.resolve("bot.err").toFile());
        Map<String, String> env = node.environment();
        env.put("CONCORD_API", scenario.apiBase().replaceFirst("/v10$", ""));
        env.put("BOT_TOKEN", scenario.botToken());
        env.put("GUILD_ID", scenario.guildId());
        env.put("CHANNEL_ID", scenario.channelId());
        env.put("PERSON_TOKEN", scenario.personToken());
        Process process = node.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new AssertionError("the discord.js bot failed: " + Files.readString(INSTALLED.resolve("bot.err")));
        }
        JsonNode report =
                JSON.readTree(out.strip().lines().reduce((first, last) -> last).orElse("{}"));
        return new BotReport(
                report.path("guildName").asString(),
                report.path("channelIds").valueStream().map(JsonNode::asString).toList(),
                report.path("selfRoleIds").valueStream().map(JsonNode::asString).toList(),
                report.path("sentId").asString(),
                report.path("readBack").asString(),
                report.path("receivedId").asString(),
                report.path("receivedContent").asString(),
                report.path("edited").asString(),
                report.path("goneAfterDelete").asBoolean(),
                report.path("applicationId").asString(),
                report.path("membersLoaded").asInt());
    }

    /** {@code npm ci} into target/discordjs, unless this build did it already. */
    private static synchronized void install() throws IOException, InterruptedException {
        if (Files.isDirectory(INSTALLED.resolve("node_modules"))) {
            return;
        }
        Files.createDirectories(INSTALLED);
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
