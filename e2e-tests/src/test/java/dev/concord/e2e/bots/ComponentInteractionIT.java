package dev.concord.e2e.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.e2e.LocalStackExtension;
import dev.concord.localstack.RunningStack;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Message components end to end: a discord.js bot, unmodified but for its base URL, posts a button; the
 * person clicks it as the platform's client does ({@code POST /interactions}); the bot receives
 * INTERACTION_CREATE on its gateway session, updates the message through the callback and follows up
 * through the interaction's webhook. The person reads the updated message back.
 */
@ExtendWith(LocalStackExtension.class)
class ComponentInteractionIT {

    private static BotSetup setup;

    @BeforeAll
    static void stack(RunningStack running) {
        setup = new BotSetup(running.edgeUrl());
    }

    @Test
    void aDiscordJsBotAnswersAButtonAPersonClicks() throws Exception {
        BotSetup.Added bot = setup.addBot("Button Bot");
        BotScenario scenario = bot.scenario();

        JsonNode report = NodeScripts.run(
                "discordjs-button.mjs",
                Map.of(
                        "CONCORD_API", scenario.apiBase().replaceFirst("/v10$", ""),
                        "BOT_TOKEN", scenario.botToken(),
                        "GUILD_ID", scenario.guildId(),
                        "CHANNEL_ID", scenario.channelId(),
                        "PERSON_TOKEN", scenario.personToken()));

        assertThat(report.path("customId").asString()).isEqualTo("approve");
        assertThat(report.path("messageId").asString())
                .isEqualTo(report.path("sentId").asString());
        assertThat(report.path("userId").asString())
                .as("the person who clicked")
                .isNotEqualTo(scenario.botId());
        assertThat(report.path("memberPermissions").isString())
                .as("the clicker's permissions")
                .isTrue();
        assertThat(report.path("updatedContent").asString()).startsWith("Approved by ");
        assertThat(report.path("readBackContent").asString())
                .isEqualTo(report.path("updatedContent").asString());
        assertThat(report.path("readBackComponents").asInt()).isZero();
        assertThat(report.path("followUpContent").asString()).isEqualTo("Noted.");
        assertThat(setup.messageIds(bot))
                .contains(
                        report.path("sentId").asString(),
                        report.path("followUpId").asString());
    }
}
