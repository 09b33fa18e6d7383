package dev.concord.e2e.bots;

import java.util.List;

/**
 * What a bot client saw and did, for the test to check: the guild's name and channels as its cache holds
 * them after GUILD_CREATE, its own member's roles, the message it sent (id and content as returned and as
 * read back), the person's message it received (id, content), the edit, and that the message was gone
 * after the delete; and, where the client fetches them at start-up, the application and members.
 */
public record BotReport(
        String guildName,
        List<String> channelIds,
        List<String> selfRoleIds,
        String sentId,
        String readBack,
        String receivedId,
        String receivedContent,
        String edited,
        boolean goneAfterDelete,
        String applicationId,
        int membersLoaded) {}
