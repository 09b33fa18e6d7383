package dev.concord.webhook.messages;

import static dev.concord.webhook.messages.GithubEmbeds.TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.embed;
import static dev.concord.webhook.messages.GithubEmbeds.fullName;
import static dev.concord.webhook.messages.GithubEmbeds.number;
import static dev.concord.webhook.messages.GithubEmbeds.text;

import dev.concord.webhook.messages.GithubPayload.Comment;
import dev.concord.webhook.messages.GithubPayload.Discussion;
import dev.concord.webhook.messages.GithubPayload.Repository;
import org.jspecify.annotations.Nullable;

/** GitHub Discussions: a discussion started, a comment on one, an answer marked. */
final class GithubDiscussionMessages {

    static final int DISCUSSION_COLOR = 0xE6C2B0;

    private GithubDiscussionMessages() {}

    /**
     * {@code [owner/repo] New discussion #3: title} with its text; when an answer is marked (the platform
     * reads an answered discussion's answer), {@code Answer marked on discussion #3: title} with the answer,
     * by its writer. Other actions (edits, labels, locks, ...) show nothing.
     */
    static @Nullable Embed discussion(GithubPayload payload) {
        Repository repository = payload.repository();
        Discussion discussion = payload.discussion();
        if (repository == null || discussion == null) {
            return null;
        }
        String subject = "#" + number(discussion.number()) + ": " + text(discussion.title());
        if ("created".equals(payload.action())) {
            return embed(
                    "[" + fullName(repository) + "] New discussion " + subject,
                    TITLE,
                    discussion.htmlUrl(),
                    DISCUSSION_COLOR,
                    discussion.body(),
                    discussion.user());
        }
        Comment answer = payload.answer();
        if ("answered".equals(payload.action()) && answer != null) {
            return embed(
                    "[" + fullName(repository) + "] Answer marked on discussion " + subject,
                    TITLE,
                    discussion.answerHtmlUrl() != null ? discussion.answerHtmlUrl() : answer.htmlUrl(),
                    DISCUSSION_COLOR,
                    answer.body(),
                    answer.user());
        }
        return null;
    }

    /** {@code [owner/repo] New comment on discussion #3: title}, with the comment's text. */
    static @Nullable Embed comment(GithubPayload payload) {
        Repository repository = payload.repository();
        Discussion discussion = payload.discussion();
        Comment comment = payload.comment();
        if (repository == null || discussion == null || comment == null || !"created".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New comment on discussion #" + number(discussion.number()) + ": "
                        + text(discussion.title()),
                TITLE,
                comment.htmlUrl(),
                DISCUSSION_COLOR,
                comment.body(),
                comment.user());
    }
}
