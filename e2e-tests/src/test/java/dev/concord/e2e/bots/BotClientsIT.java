package dev.concord.e2e.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.e2e.LocalStackExtension;
import dev.concord.localstack.RunningStack;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The platform's own bot libraries, unmodified but for their base URLs, against the whole stack through
 * the edge: each bot is made by a developer, added to a person's guild through OAuth2's bot scope, logs
 * in, gets READY and the guild, sends a message and reads it back, sees the person's message, edits and
 * deletes its own; JDA and Discord4J also load the guild's members and the application as they do at
 * start-up.
 */
@ExtendWith(LocalStackExtension.class)
class BotClientsIT {

    private static BotSetup setup;

    @BeforeAll
    static void stack(RunningStack running) {
        setup = new BotSetup(running.edgeUrl());
    }

    @Test
    void aJdaBotTalks() throws Exception {
        BotSetup.Added bot = setup.addBot("JDA Bot");

        BotReport report = JdaBot.play(bot.scenario(), bot::personSays);

        assertPlayed(bot, report, "JDA");
    }

    @Test
    void aDiscord4jBotTalks() throws Exception {
        BotSetup.Added bot = setup.addBot("Discord4J Bot");

        BotReport report = Discord4jBot.play(bot.scenario(), bot::personSays);

        assertPlayed(bot, report, "Discord4J");
    }

    @Test
    void aDiscordJsBotTalks() throws Exception {
        BotSetup.Added bot = setup.addBot("discord.js Bot");

        BotReport report = DiscordJsBot.play(bot.scenario());

        assertPlayed(bot, report, "discord.js");
    }

    private static void assertPlayed(BotSetup.Added bot, BotReport report, String library) {
        assertThat(report.guildName()).isEqualTo(BotSetup.GUILD_NAME);
        assertThat(report.channelIds()).contains(bot.scenario().channelId());
        assertThat(report.selfRoleIds()).as("the bot's managed role").containsExactly(bot.roleId());
        assertThat(report.readBack()).isEqualTo("hello from " + library);
        assertThat(report.receivedContent()).isEqualTo("hi <@" + bot.scenario().botId() + ">");
        assertThat(report.edited()).isEqualTo("edited by " + library);
        assertThat(report.goneAfterDelete()).isTrue();
        assertThat(report.applicationId()).isEqualTo(bot.applicationId());
        assertThat(report.membersLoaded()).as("the person and the bot").isEqualTo(2);
        assertThat(setup.messageIds(bot))
                .as("the person's message is left; the bot's was deleted")
                .containsExactly(report.receivedId())
                .doesNotContain(report.sentId());
    }
}
