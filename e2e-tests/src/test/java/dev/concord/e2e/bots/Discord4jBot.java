package dev.concord.e2e.bots;

import discord4j.common.util.Snowflake;
import discord4j.core.DiscordClient;
import discord4j.core.DiscordClientBuilder;
import discord4j.core.GatewayDiscordClient;
import discord4j.core.event.domain.guild.GuildCreateEvent;
import discord4j.core.event.domain.message.MessageCreateEvent;
import discord4j.core.object.entity.Guild;
import discord4j.core.object.entity.Member;
import discord4j.core.object.entity.Message;
import discord4j.core.object.entity.channel.GuildMessageChannel;
import discord4j.core.retriever.EntityRetrievalStrategy;
import discord4j.core.shard.MemberRequestFilter;
import discord4j.gateway.intent.Intent;
import discord4j.gateway.intent.IntentSet;
import discord4j.rest.http.client.ClientException;
import discord4j.rest.request.RouterOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * A Discord4J 3.3 bot, configured as any is but for the REST base URL (its router's option; the gateway
 * URL it asks the API for, as always): it requests the guild's members when the guild arrives, lists them
 * through the API and fetches its
 * application, then plays the scenario through Discord4J's own API.
 */
public final class Discord4jBot {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** How long one logout is given before it is asked again (see {@link #logOut}). */
    private static final Duration LOGOUT_TRY = Duration.ofSeconds(5);

    private Discord4jBot() {}

    /** The bot's client, its one change the API base URL (Discord4J's router option for it). */
    static DiscordClient client(BotScenario scenario) {
        return DiscordClientBuilder.create(scenario.botToken())
                .setExtraOptions(options -> new RouterOptions(
                        options.getToken(),
                        options.getReactorResources(),
                        options.getExchangeStrategies(),
                        options.getResponseTransformers(),
                        options.getGlobalRateLimiter(),
                        options.getRequestQueueFactory(),
                        scenario.apiBase()))
                .build();
    }

    public static BotReport play(BotScenario scenario, Supplier<String> personSends) throws Exception {
        CompletableFuture<Guild> guildCreated = new CompletableFuture<>();
        CompletableFuture<Message> received = new CompletableFuture<>();
        Snowflake guildId = Snowflake.of(scenario.guildId());
        Snowflake channelId = Snowflake.of(scenario.channelId());
        DiscordClient client = client(scenario);
        GatewayDiscordClient gateway = client.gateway()
                .setEnabledIntents(IntentSet.of(
                        Intent.GUILDS, Intent.GUILD_MESSAGES, Intent.GUILD_MEMBERS, Intent.MESSAGE_CONTENT))
                .setMemberRequestFilter(MemberRequestFilter.all())
                .withEventDispatcher(events -> events.on(GuildCreateEvent.class)
                        .filter(event -> event.getGuild().getId().equals(guildId))
                        .doOnNext(event -> guildCreated.complete(event.getGuild())))
                .login()
                .block(WAIT);
        if (gateway == null) {
            throw new AssertionError("Discord4J did not log in");
        }
        try {
            gateway.on(MessageCreateEvent.class)
                    .filter(event -> !event.getMessage()
                            .getAuthor()
                            .map(author -> author.getId().equals(gateway.getSelfId()))
                            .orElse(true))
                    .subscribe(event -> received.complete(event.getMessage()));
            Guild guild = guildCreated.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            String applicationId =
                    gateway.getApplicationInfo().block(WAIT).getId().asString();
            // Its own member request went out when the guild arrived (the member request filter); the list
            // is read through the API, as Discord4J pages GET /guilds/{id}/members.
            List<Member> members = gateway.withRetrievalStrategy(EntityRetrievalStrategy.REST)
                    .getGuildMembers(guildId)
                    .collectList()
                    .block(WAIT);
            GuildMessageChannel channel = gateway.getChannelById(channelId)
                    .ofType(GuildMessageChannel.class)
                    .block(WAIT);
            Message sent = channel.createMessage("hello from Discord4J").block(WAIT);
            Message readBack = gateway.withRetrievalStrategy(EntityRetrievalStrategy.REST)
                    .getMessageById(channelId, sent.getId())
                    .block(WAIT);
            String personMessage = personSends.get();
            Message theirs = received.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            if (!theirs.getId().asString().equals(personMessage)) {
                throw new AssertionError("Discord4J received " + theirs.getId() + ", not " + personMessage);
            }
            Message edited =
                    sent.edit().withContentOrNull("edited by Discord4J").block(WAIT);
            sent.delete().block(WAIT);
            boolean gone = gateway.withRetrievalStrategy(EntityRetrievalStrategy.REST)
                    .getMessageById(channelId, sent.getId())
                    .map(found -> false)
                    .onErrorResume(ClientException.isStatusCode(404), e -> Mono.just(true))
                    .block(WAIT);
            Member self = guild.getSelfMember().block(WAIT);
            return new BotReport(
                    guild.getName(),
                    guild.getChannels()
                            .map(c -> c.getId().asString())
                            .collectList()
                            .block(WAIT),
                    self.getRoleIds().stream().map(Snowflake::asString).toList(),
                    sent.getId().asString(),
                    readBack.getContent(),
                    theirs.getId().asString(),
                    theirs.getContent(),
                    edited.getContent(),
                    gone,
                    applicationId,
                    members.size());
        } finally {
            logOut(gateway);
        }
    }

    /**
     * Discord4J 3.3.1 can lose a logout: when the server's answer to its close frame arrives while the thread that
     * logs out is still handing the close to its session (microseconds on loopback, longer on a loaded machine),
     * the session's close sink is signalled from two threads at once; Discord4J takes that for a failed session,
     * reconnects, and the logout waits for a disconnection that never comes (seen once in CI, the client's log
     * naming {@code GatewayWebsocketHandler.close}). Asked again, it closes the session it reconnected to.
     */
    private static void logOut(GatewayDiscordClient gateway) {
        gateway.logout().timeout(LOGOUT_TRY).retry(5).block(WAIT);
    }
}
