package dev.concord.e2e.bots;

/**
 * What a bot client is given to play the scenario every client plays: the edge's API base URL and the
 * gateway's (as {@code GET /gateway/bot} names it, for clients that take it as configuration), its bot
 * token, the guild it was added to through OAuth2 and a text channel there, and a person of that guild
 * (their token) whose message the bot must see.
 */
public record BotScenario(
        String apiBase,
        String gatewayUrl,
        String botToken,
        String botId,
        String guildId,
        String channelId,
        String personToken) {}
