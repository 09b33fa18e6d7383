package dev.concord.e2e.bots;

import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.JDABuilder;
import net.dv8tion.jda.api.entities.ApplicationInfo;
import net.dv8tion.jda.api.entities.Guild;
import net.dv8tion.jda.api.entities.Member;
import net.dv8tion.jda.api.entities.Message;
import net.dv8tion.jda.api.entities.channel.concrete.TextChannel;
import net.dv8tion.jda.api.events.message.MessageReceivedEvent;
import net.dv8tion.jda.api.exceptions.ErrorResponseException;
import net.dv8tion.jda.api.hooks.ListenerAdapter;
import net.dv8tion.jda.api.requests.ErrorResponse;
import net.dv8tion.jda.api.requests.GatewayIntent;
import net.dv8tion.jda.api.requests.RestConfig;
import net.dv8tion.jda.api.utils.ChunkingFilter;
import net.dv8tion.jda.api.utils.MemberCachePolicy;
import net.dv8tion.jda.api.utils.SessionControllerAdapter;
import net.dv8tion.jda.api.utils.cache.CacheFlag;

/**
 * A JDA 6 bot, configured as any JDA bot is but for the REST base URL and the gateway URL (JDA's
 * session controller names it; gateway proxies set it the same way): it chunks the guild's members at start-up and fetches its
 * application, then plays the scenario through JDA's own API.
 */
public final class JdaBot {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private JdaBot() {}

    /** The builder pointed at the stack: the API base URL and the gateway, JDA's two settings for where they are. */
    static JDABuilder pointedAt(JDABuilder builder, BotScenario scenario) {
        return builder.setRestConfig(new RestConfig().setBaseUrl(scenario.apiBase() + "/"))
                // JDA's one setting for where its gateway is, as gateway proxies use it.
                .setSessionController(new SessionControllerAdapter() {
                    @Override
                    public String getGateway() {
                        return scenario.gatewayUrl();
                    }
                });
    }

    /** Plays the scenario; {@code personSends} makes the person send a message once the bot listens, and returns its id. */
    public static BotReport play(BotScenario scenario, Supplier<String> personSends) throws Exception {
        CompletableFuture<Message> received = new CompletableFuture<>();
        JDA jda = pointedAt(
                        JDABuilder.create(
                                scenario.botToken(),
                                EnumSet.of(
                                        GatewayIntent.GUILD_MESSAGES,
                                        GatewayIntent.GUILD_MEMBERS,
                                        GatewayIntent.MESSAGE_CONTENT)),
                        scenario)
                .disableCache(EnumSet.allOf(CacheFlag.class))
                .setMemberCachePolicy(MemberCachePolicy.ALL)
                .setChunkingFilter(ChunkingFilter.ALL)
                .addEventListeners(new ListenerAdapter() {
                    @Override
                    public void onMessageReceived(MessageReceivedEvent event) {
                        if (!event.getAuthor().getId().equals(scenario.botId())) {
                            received.complete(event.getMessage());
                        }
                    }
                })
                .build();
        try {
            jda.awaitReady();
            ApplicationInfo application = jda.retrieveApplicationInfo().complete();
            Guild guild = jda.getGuildById(scenario.guildId());
            if (guild == null) {
                throw new AssertionError("JDA has no guild " + scenario.guildId() + " after READY");
            }
            TextChannel channel = guild.getTextChannelById(scenario.channelId());
            if (channel == null) {
                throw new AssertionError("JDA has no text channel " + scenario.channelId());
            }
            Message sent = channel.sendMessage("hello from JDA").complete();
            Message readBack = channel.retrieveMessageById(sent.getId()).complete();
            String personMessage = personSends.get();
            Message theirs = received.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            if (!theirs.getId().equals(personMessage)) {
                throw new AssertionError("JDA received " + theirs.getId() + ", not " + personMessage);
            }
            Message edited = sent.editMessage("edited by JDA").complete();
            sent.delete().complete();
            boolean gone;
            try {
                channel.retrieveMessageById(sent.getId()).complete();
                gone = false;
            } catch (ErrorResponseException e) {
                gone = e.getErrorResponse() == ErrorResponse.UNKNOWN_MESSAGE;
            }
            Member self = guild.getSelfMember();
            return new BotReport(
                    guild.getName(),
                    guild.getChannels().stream().map(c -> c.getId()).toList(),
                    self.getRoles().stream().map(r -> r.getId()).toList(),
                    sent.getId(),
                    readBack.getContentRaw(),
                    theirs.getId(),
                    theirs.getContentRaw(),
                    edited.getContentRaw(),
                    gone,
                    application.getId(),
                    guild.getMemberCache().size() > Integer.MAX_VALUE
                            ? Integer.MAX_VALUE
                            : (int) guild.getMemberCache().size());
        } finally {
            jda.shutdownNow();
            jda.awaitShutdown(WAIT);
        }
    }
}
