package dev.concord.e2e.bots;

import java.io.IOException;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The discord.js 14 bot of {@code src/test/node}, run by node ({@link NodeScripts}): the script plays the
 * scenario and prints its report as JSON. The person's message is sent by the script itself, through the
 * API.
 */
public final class DiscordJsBot {

    private DiscordJsBot() {}

    public static BotReport play(BotScenario scenario) throws IOException, InterruptedException {
        JsonNode report = NodeScripts.run(
                "discordjs-bot.mjs",
                Map.of(
                        "CONCORD_API", scenario.apiBase().replaceFirst("/v10$", ""),
                        "BOT_TOKEN", scenario.botToken(),
                        "GUILD_ID", scenario.guildId(),
                        "CHANNEL_ID", scenario.channelId(),
                        "PERSON_TOKEN", scenario.personToken()));
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
}
