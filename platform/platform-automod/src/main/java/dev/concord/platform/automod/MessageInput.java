package dev.concord.platform.automod;

import java.util.List;
import java.util.Set;

/**
 * A message as auto moderation judges it, on create and on edit.
 *
 * @param content the message's text
 * @param embedTexts for a bot's or a webhook's message only: the text of its embeds (each title,
 *     description, field name and value, author name and footer text), one string each; a person's
 *     messages carry no embeds of their own (link previews are the platform's), so none
 * @param authorRoleIds the author's roles in the guild
 * @param channelId where the message is sent; for a thread, the thread's parent channel
 * @param parentId the category of {@code channelId}, 0 for none
 * @param uniqueMentions distinct users and roles the message mentions
 * @param mentionsEveryone whether it mentions @everyone or @here (not counted in {@code uniqueMentions})
 */
public record MessageInput(
        String content,
        List<String> embedTexts,
        Set<Long> authorRoleIds,
        long channelId,
        long parentId,
        int uniqueMentions,
        boolean mentionsEveryone) {

    public MessageInput {
        embedTexts = List.copyOf(embedTexts);
        authorRoleIds = Set.copyOf(authorRoleIds);
    }

    /** A text message from a member without roles, in a channel without category, mentioning nobody. */
    public static MessageInput of(String content, long channelId) {
        return new MessageInput(content, List.of(), Set.of(), channelId, 0, 0, false);
    }

    public MessageInput withRoles(Set<Long> roleIds) {
        return new MessageInput(content, embedTexts, roleIds, channelId, parentId, uniqueMentions, mentionsEveryone);
    }

    public MessageInput withParent(long categoryId) {
        return new MessageInput(
                content, embedTexts, authorRoleIds, channelId, categoryId, uniqueMentions, mentionsEveryone);
    }

    public MessageInput withMentions(int unique, boolean everyone) {
        return new MessageInput(content, embedTexts, authorRoleIds, channelId, parentId, unique, everyone);
    }

    public MessageInput withEmbedTexts(List<String> texts) {
        return new MessageInput(content, texts, authorRoleIds, channelId, parentId, uniqueMentions, mentionsEveryone);
    }
}
