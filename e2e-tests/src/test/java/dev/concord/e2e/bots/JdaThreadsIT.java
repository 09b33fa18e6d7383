package dev.concord.e2e.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.e2e.LocalStackExtension;
import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.JDABuilder;
import net.dv8tion.jda.api.entities.Guild;
import net.dv8tion.jda.api.entities.Message;
import net.dv8tion.jda.api.entities.channel.ChannelType;
import net.dv8tion.jda.api.entities.channel.concrete.TextChannel;
import net.dv8tion.jda.api.entities.channel.concrete.ThreadChannel;
import net.dv8tion.jda.api.events.channel.ChannelCreateEvent;
import net.dv8tion.jda.api.events.message.MessageReceivedEvent;
import net.dv8tion.jda.api.hooks.ListenerAdapter;
import net.dv8tion.jda.api.requests.GatewayIntent;
import net.dv8tion.jda.api.utils.cache.CacheFlag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JDA bot using threads through JDA's own API, unmodified but for its base URLs: it starts a thread and
 * one from a message, hears of the person's (THREAD_CREATE as JDA's channel event), writes in its own,
 * sees the person's reply there, archives it, and lists the guild's open threads.
 */
@ExtendWith(LocalStackExtension.class)
class JdaThreadsIT {

    /** The bot's usual permissions, and CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS, MANAGE_THREADS. */
    static final long PERMISSIONS = BotSetup.PERMISSIONS | (1L << 35) | (1L << 38) | (1L << 34);

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static BotSetup setup;

    @BeforeAll
    static void stack(RunningStack running) {
        setup = new BotSetup(running.edgeUrl());
    }

    @Test
    void aJdaBotStartsThreadsAndTalksInThem() throws Exception {
        BotSetup.Added bot = setup.addBot("JDA threads", PERMISSIONS);
        BotScenario scenario = bot.scenario();
        CompletableFuture<ThreadChannel> heard = new CompletableFuture<>();
        CompletableFuture<Message> reply = new CompletableFuture<>();
        JDA jda = JdaBot.pointedAt(
                        JDABuilder.create(
                                scenario.botToken(),
                                EnumSet.of(GatewayIntent.GUILD_MESSAGES, GatewayIntent.MESSAGE_CONTENT)),
                        scenario)
                .disableCache(EnumSet.allOf(CacheFlag.class))
                .addEventListeners(new ListenerAdapter() {
                    @Override
                    public void onChannelCreate(ChannelCreateEvent event) {
                        // Its own thread's THREAD_CREATE may come before the REST answer, or be dropped after it.
                        if (event.getChannelType() == ChannelType.GUILD_PUBLIC_THREAD
                                && !event.getChannel()
                                        .asThreadChannel()
                                        .getOwnerId()
                                        .equals(scenario.botId())) {
                            heard.complete(event.getChannel().asThreadChannel());
                        }
                    }

                    @Override
                    public void onMessageReceived(MessageReceivedEvent event) {
                        if (!event.getAuthor().getId().equals(scenario.botId())
                                && event.getChannelType() == ChannelType.GUILD_PUBLIC_THREAD) {
                            reply.complete(event.getMessage());
                        }
                    }
                })
                .build();
        try {
            jda.awaitReady();
            Guild guild = jda.getGuildById(scenario.guildId());
            assertThat(guild).isNotNull();
            TextChannel channel = guild.getTextChannelById(scenario.channelId());
            assertThat(channel).isNotNull();

            ThreadChannel thread = channel.createThreadChannel("From JDA").complete();
            // JDA caches a thread it made from the REST answer and drops its THREAD_CREATE as a repeat: the
            // event is seen for a thread the person starts.
            String persons = setup.call(
                            "POST",
                            "/channels/" + channel.getId() + "/threads",
                            scenario.personToken(),
                            Map.of("name", "From the person", "type", 11))
                    .path("id")
                    .asString();
            ThreadChannel created = heard.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            Message inThread = thread.sendMessage("in the thread").complete();
            setup.call(
                    "POST",
                    "/channels/" + thread.getId() + "/messages",
                    scenario.personToken(),
                    Map.of("content", "a reply"));
            Message theirs = reply.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            Message starter = channel.sendMessage("start here").complete();
            ThreadChannel fromMessage =
                    starter.createThreadChannel("From a message").complete();
            thread.getManager().setArchived(true).complete();
            var open = guild.retrieveActiveThreads().complete();

            assertThat(thread.getName()).isEqualTo("From JDA");
            assertThat(thread.getParentChannel().getId()).isEqualTo(channel.getId());
            assertThat(thread.getOwnerId()).isEqualTo(scenario.botId());
            assertThat(created.getId()).as("THREAD_CREATE").isEqualTo(persons);
            assertThat(created.getName()).isEqualTo("From the person");
            assertThat(created.getParentChannel().getId()).isEqualTo(channel.getId());
            assertThat(inThread.getChannel().getId()).isEqualTo(thread.getId());
            assertThat(theirs.getContentRaw()).isEqualTo("a reply");
            assertThat(fromMessage.getId())
                    .as("a thread from a message has its id")
                    .isEqualTo(starter.getId());
            assertThat(open.stream().map(ThreadChannel::getId))
                    .contains(fromMessage.getId())
                    .doesNotContain(thread.getId());
        } finally {
            jda.shutdownNow();
            jda.awaitShutdown(WAIT);
        }
    }
}
