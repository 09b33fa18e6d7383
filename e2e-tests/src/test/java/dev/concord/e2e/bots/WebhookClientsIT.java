package dev.concord.e2e.bots;

import static org.assertj.core.api.Assertions.assertThat;

import club.minnced.discord.webhook.WebhookClient;
import club.minnced.discord.webhook.WebhookClientBuilder;
import club.minnced.discord.webhook.receive.ReadonlyMessage;
import dev.concord.e2e.LocalStackExtension;
import dev.concord.localstack.RunningStack;
import discord4j.common.util.Snowflake;
import discord4j.core.DiscordClient;
import discord4j.discordjson.json.MessageData;
import discord4j.discordjson.json.WebhookCreateRequest;
import discord4j.discordjson.json.WebhookData;
import discord4j.discordjson.json.WebhookExecuteRequest;
import discord4j.discordjson.json.WebhookMessageEditRequest;
import discord4j.rest.util.MultipartRequest;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.JDABuilder;
import net.dv8tion.jda.api.entities.Message;
import net.dv8tion.jda.api.entities.Webhook;
import net.dv8tion.jda.api.entities.channel.concrete.TextChannel;
import net.dv8tion.jda.api.requests.GatewayIntent;
import net.dv8tion.jda.api.utils.cache.CacheFlag;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The webhook clients people post with, unmodified but for where they send, against the whole stack
 * through the edge: JDA and Discord4J make, read and delete webhooks as a bot holding MANAGE_WEBHOOKS and
 * post, edit and delete through them; discord.js's WebhookClient, {@code club.minnced:discord-webhooks}
 * and {@code @slack/webhook} post with a webhook's id and token (or URL) alone.
 */
@ExtendWith(LocalStackExtension.class)
class WebhookClientsIT {

    /** VIEW_CHANNEL, SEND_MESSAGES, READ_MESSAGE_HISTORY and MANAGE_WEBHOOKS. */
    static final long PERMISSIONS = BotSetup.PERMISSIONS | (1L << 29);

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static BotSetup setup;
    private static String edge;

    @BeforeAll
    static void stack(RunningStack running) {
        edge = running.edgeUrl();
        setup = new BotSetup(edge);
    }

    @Test
    void jdaMakesAWebhookAndPostsEditsAndDeletesThroughIt() throws Exception {
        BotSetup.Added bot = setup.addBot("JDA Webhooks", PERMISSIONS);
        BotScenario scenario = bot.scenario();
        JDA jda = JdaBot.pointedAt(
                        JDABuilder.createLight(scenario.botToken(), EnumSet.of(GatewayIntent.GUILD_MESSAGES)), scenario)
                .disableCache(EnumSet.allOf(CacheFlag.class))
                .build();
        try {
            jda.awaitReady();
            TextChannel channel = jda.getTextChannelById(scenario.channelId());
            assertThat(channel).as("JDA's channel after READY").isNotNull();

            Webhook webhook = channel.createWebhook("JDA hook").complete();
            Message sent = webhook.sendMessage("hello from JDA")
                    .setUsername("JDA poster")
                    .complete();
            Message edited =
                    webhook.editMessageById(sent.getId(), "edited by JDA").complete();
            Message fetched = webhook.retrieveMessageById(sent.getId()).complete();
            webhook.getManager().setName("JDA hook renamed").complete();

            assertThat(webhook.getToken()).isNotBlank();
            assertThat(webhook.getType()).isEqualTo(net.dv8tion.jda.api.entities.WebhookType.INCOMING);
            assertThat(sent.isWebhookMessage()).isTrue();
            assertThat(sent.getAuthor().getName()).isEqualTo("JDA poster");
            assertThat(edited.getContentRaw()).isEqualTo("edited by JDA");
            assertThat(fetched.getContentRaw()).isEqualTo("edited by JDA");
            assertThat(channel.retrieveWebhooks().complete())
                    .extracting(Webhook::getName)
                    .contains("JDA hook renamed");

            webhook.deleteMessageById(sent.getId()).complete();
            webhook.delete().complete();
            assertThat(channel.retrieveWebhooks().complete()).isEmpty();
        } finally {
            jda.shutdownNow();
        }
        assertThat(setup.messageIds(bot)).isEmpty();
    }

    @Test
    void discord4jMakesAWebhookAndPostsEditsAndReadsThroughIt() {
        BotSetup.Added bot = setup.addBot("Discord4J Webhooks", PERMISSIONS);
        BotScenario scenario = bot.scenario();
        DiscordClient client = Discord4jBot.client(scenario);
        long channelId = Snowflake.asLong(scenario.channelId());

        WebhookData webhook = client.getWebhookService()
                .createWebhook(
                        channelId,
                        WebhookCreateRequest.builder().name("D4J hook").build(),
                        null)
                .block(WAIT);
        long webhookId = Snowflake.asLong(webhook.id());
        String token = webhook.token().get();
        MessageData sent = client.getWebhookService()
                .executeWebhook(
                        webhookId,
                        token,
                        true,
                        MultipartRequest.ofRequest(WebhookExecuteRequest.builder()
                                .content("hello from Discord4J")
                                .username("D4J poster")
                                .build()))
                .block(WAIT);
        MessageData edited = client.getWebhookService()
                .modifyWebhookMessage(
                        webhookId,
                        token,
                        sent.id().asString(),
                        WebhookMessageEditRequest.builder()
                                .contentOrNull("edited by Discord4J")
                                .build())
                .block(WAIT);
        WebhookData read =
                client.getWebhookService().getWebhookWithToken(webhookId, token).block(WAIT);

        assertThat(webhook.channelId().get().asString()).isEqualTo(scenario.channelId());
        assertThat(sent.webhookId().get().asString()).isEqualTo(webhook.id().asString());
        assertThat(sent.author().username()).isEqualTo("D4J poster");
        assertThat(edited.content()).isEqualTo("edited by Discord4J");
        assertThat(read.name().get()).isEqualTo("D4J hook");
        assertThat(client.getWebhookService()
                        .getChannelWebhooks(channelId)
                        .collectList()
                        .block(WAIT))
                .hasSize(1);
        client.getWebhookService().deleteWebhookWithToken(webhookId, token).block(WAIT);
        assertThat(client.getWebhookService()
                        .getChannelWebhooks(channelId)
                        .collectList()
                        .block(WAIT))
                .isEmpty();
        assertThat(setup.messageIds(bot)).containsExactly(sent.id().asString());
    }

    @Test
    void discordWebhooksPostsWithTheIdAndTokenAlone() throws Exception {
        BotSetup.Added bot = setup.addBot("Webhook library", PERMISSIONS);
        JsonNode webhook = personMakesWebhook(bot, "Java hook");
        URI base = URI.create(edge);
        // The library has one address, the platform's; pointing it here is this client's one change.
        OkHttpClient http = new OkHttpClient.Builder()
                .addInterceptor(chain -> {
                    HttpUrl original = chain.request().url();
                    HttpUrl local = original.newBuilder()
                            .scheme(base.getScheme())
                            .host(base.getHost())
                            .port(base.getPort())
                            .build();
                    return chain.proceed(chain.request().newBuilder().url(local).build());
                })
                .build();
        try (WebhookClient client = new WebhookClientBuilder(
                        Long.parseLong(webhook.path("id").asString()),
                        webhook.path("token").asString())
                .setHttpClient(http)
                .setWait(true)
                .build()) {
            ReadonlyMessage sent = client.send("hello from discord-webhooks").get(30, TimeUnit.SECONDS);
            ReadonlyMessage edited =
                    client.edit(sent.getId(), "edited by discord-webhooks").get(30, TimeUnit.SECONDS);

            assertThat(sent.getAuthor().getName()).isEqualTo("Java hook");
            assertThat(sent.getContent()).isEqualTo("hello from discord-webhooks");
            assertThat(edited.getContent()).isEqualTo("edited by discord-webhooks");
            client.delete(sent.getId()).get(30, TimeUnit.SECONDS);
        }
        assertThat(setup.messageIds(bot)).isEmpty();
    }

    @Test
    void discordJsAndSlacksClientsPost() throws Exception {
        BotSetup.Added bot = setup.addBot("Node webhooks", PERMISSIONS);
        JsonNode webhook = personMakesWebhook(bot, "Node hook");
        String id = webhook.path("id").asString();
        String token = webhook.path("token").asString();

        JsonNode report = NodeScripts.run(
                "webhook-clients.mjs",
                Map.of(
                        "CONCORD_API",
                        edge + "/api",
                        "WEBHOOK_ID",
                        id,
                        "WEBHOOK_TOKEN",
                        token,
                        "SLACK_URL",
                        edge + "/api/webhooks/" + id + "/" + token + "/slack"));

        assertThat(report.path("authorName").asString()).isEqualTo("JS hook");
        assertThat(report.path("webhookId").asString()).isEqualTo(id);
        assertThat(report.path("embedTitle").asString()).isEqualTo("Embedded");
        assertThat(report.path("fetched").asString()).isEqualTo("hello from discord.js");
        assertThat(report.path("edited").asString()).isEqualTo("edited by discord.js");
        assertThat(report.path("deletedGone").asBoolean()).isTrue();
        assertThat(report.path("slackAnswer").asString()).isEqualTo("ok");
        JsonNode slackMessage = setup.call(
                        "GET",
                        "/channels/" + bot.scenario().channelId() + "/messages?limit=1",
                        bot.scenario().personToken(),
                        null)
                .path(0);
        assertThat(slackMessage.path("content").asString()).isEqualTo("hello from [@slack/webhook](https://slack.dev)");
        assertThat(slackMessage.path("author").path("username").asString()).isEqualTo("Slack hook");
        assertThat(slackMessage.path("embeds").path(0).path("title").asString()).isEqualTo("Slack attachment");
        assertThat(setup.messageIds(bot)).hasSize(2);
    }

    @Test
    void discordJsPostsIntoThreadsAndStartsForumPosts() throws Exception {
        BotSetup.Added bot = setup.addBot("Thread hooks", PERMISSIONS);
        BotScenario scenario = bot.scenario();
        JsonNode webhook = personMakesWebhook(bot, "Thread hook");
        String threadId = setup.call(
                        "POST",
                        "/channels/" + scenario.channelId() + "/threads",
                        scenario.personToken(),
                        Map.of("name", "Releases", "type", 11))
                .path("id")
                .asString();
        JsonNode forum = setup.call(
                "POST",
                "/guilds/" + scenario.guildId() + "/channels",
                scenario.personToken(),
                Map.of("name", "support", "type", 15, "available_tags", List.of(Map.of("name", "question"))));
        JsonNode forumHook = setup.call(
                "POST",
                "/channels/" + forum.path("id").asString() + "/webhooks",
                scenario.personToken(),
                Map.of("name", "Forum hook"));

        JsonNode report = NodeScripts.run(
                "webhook-threads.mjs",
                Map.of(
                        "CONCORD_API", edge + "/api",
                        "WEBHOOK_ID", webhook.path("id").asString(),
                        "WEBHOOK_TOKEN", webhook.path("token").asString(),
                        "THREAD_ID", threadId,
                        "FORUM_WEBHOOK_ID", forumHook.path("id").asString(),
                        "FORUM_WEBHOOK_TOKEN", forumHook.path("token").asString(),
                        "TAG_ID",
                                forum.path("available_tags").path(0).path("id").asString()));

        assertThat(report.path("threadMessageChannel").asString()).isEqualTo(threadId);
        assertThat(report.path("fetched").asString()).isEqualTo("into the thread");
        assertThat(report.path("edited").asString()).isEqualTo("edited in the thread");
        String postId = report.path("postId").asString();
        assertThat(report.path("postChannel").asString())
                .as("a post's first message has its thread's id")
                .isEqualTo(postId);
        assertThat(report.path("refused").asInt()).isEqualTo(220001);
        JsonNode post = setup.call("GET", "/channels/" + postId, scenario.personToken(), null);
        assertThat(post.path("name").asString()).isEqualTo("Posted by discord.js");
        assertThat(post.path("parent_id").asString()).isEqualTo(forum.path("id").asString());
        assertThat(post.path("applied_tags")).hasSize(1);
        JsonNode thread = setup.call("GET", "/channels/" + threadId, scenario.personToken(), null);
        assertThat(thread.path("message_count").asInt()).isEqualTo(1);
    }

    /** The person makes an incoming webhook in their guild's channel, as they do in their client. */
    private static JsonNode personMakesWebhook(BotSetup.Added bot, String name) {
        return setup.call(
                "POST",
                "/channels/" + bot.scenario().channelId() + "/webhooks",
                bot.scenario().personToken(),
                Map.of("name", name));
    }
}
