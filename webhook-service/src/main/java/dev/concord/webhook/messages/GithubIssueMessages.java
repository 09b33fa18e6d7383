package dev.concord.webhook.messages;

import static dev.concord.webhook.messages.GithubEmbeds.TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.embed;
import static dev.concord.webhook.messages.GithubEmbeds.fullName;
import static dev.concord.webhook.messages.GithubEmbeds.number;
import static dev.concord.webhook.messages.GithubEmbeds.text;

import dev.concord.webhook.messages.GithubPayload.Comment;
import dev.concord.webhook.messages.GithubPayload.Issue;
import dev.concord.webhook.messages.GithubPayload.Repository;
import dev.concord.webhook.messages.GithubPayload.Review;
import org.jspecify.annotations.Nullable;

/**
 * Issues and pull requests: opened (with their text), closed and reopened, comments on them, reviews
 * submitted and review comments. Every other action (labels, assignees, edits, ...) shows nothing.
 */
final class GithubIssueMessages {

    static final int ISSUE_OPENED_COLOR = 0xEB4841;
    static final int PULL_REQUEST_OPENED_COLOR = 0x098EFC;
    static final int REOPENED_COLOR = 0xFCBD1F;
    static final int CLOSED_COLOR = 0x000000;
    static final int COMMENT_COLOR = 0xC00A7F;
    static final int REVIEW_COLOR = 0x000000;

    private GithubIssueMessages() {}

    /** {@code [owner/repo] Issue opened: #12 title}, by the issue's writer. */
    static @Nullable Embed issue(GithubPayload payload) {
        return opened(payload, payload.issue(), "Issue", ISSUE_OPENED_COLOR);
    }

    /** {@code [owner/repo] Pull request opened: #12 title}, by the pull request's writer. */
    static @Nullable Embed pullRequest(GithubPayload payload) {
        return opened(payload, payload.pullRequest(), "Pull request", PULL_REQUEST_OPENED_COLOR);
    }

    /** Opened (with the text), closed or reopened; nothing for any other action. */
    private static @Nullable Embed opened(GithubPayload payload, @Nullable Issue issue, String kind, int openedColor) {
        Repository repository = payload.repository();
        String action = payload.action();
        if (repository == null || issue == null || action == null) {
            return null;
        }
        int color;
        switch (action) {
            case "opened" -> color = openedColor;
            case "closed" -> color = CLOSED_COLOR;
            case "reopened" -> color = REOPENED_COLOR;
            default -> {
                return null;
            }
        }
        return embed(
                "[" + fullName(repository) + "] " + kind + " " + action + ": #" + number(issue.number()) + " "
                        + text(issue.title()),
                TITLE,
                issue.htmlUrl(),
                color,
                action.equals("opened") ? issue.body() : null,
                issue.user());
    }

    /**
     * {@code [owner/repo] New comment on issue #12: title} ("pull request" when the issue is one, as
     * GitHub sends a pull request's conversation comments as issue comments), with the comment's text.
     */
    static @Nullable Embed issueComment(GithubPayload payload) {
        Repository repository = payload.repository();
        Issue issue = payload.issue();
        Comment comment = payload.comment();
        if (repository == null || issue == null || comment == null || !"created".equals(payload.action())) {
            return null;
        }
        boolean onPullRequest =
                issue.pullRequest() != null && !issue.pullRequest().isNull();
        return embed(
                "[" + fullName(repository) + "] New comment on " + (onPullRequest ? "pull request" : "issue") + " #"
                        + number(issue.number()) + ": " + text(issue.title()),
                TITLE,
                comment.htmlUrl(),
                COMMENT_COLOR,
                comment.body(),
                comment.user());
    }

    /** {@code [owner/repo] Pull request review submitted: #12 title}, with the review's text, by its reviewer. */
    static @Nullable Embed review(GithubPayload payload) {
        Repository repository = payload.repository();
        Issue pullRequest = payload.pullRequest();
        Review review = payload.review();
        if (repository == null || pullRequest == null || review == null || !"submitted".equals(payload.action())) {
            return null;
        }
        String body = review.body();
        return embed(
                "[" + fullName(repository) + "] Pull request review submitted: #" + number(pullRequest.number()) + " "
                        + text(pullRequest.title()),
                TITLE,
                review.htmlUrl(),
                REVIEW_COLOR,
                body == null || body.isBlank() ? "No description provided" : body,
                review.user());
    }

    /** {@code [owner/repo] New review comment on pull request #12: title}, with the comment's text. */
    static @Nullable Embed reviewComment(GithubPayload payload) {
        Repository repository = payload.repository();
        Issue pullRequest = payload.pullRequest();
        Comment comment = payload.comment();
        if (repository == null || pullRequest == null || comment == null || !"created".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New review comment on pull request #" + number(pullRequest.number())
                        + ": " + text(pullRequest.title()),
                TITLE,
                comment.htmlUrl(),
                COMMENT_COLOR,
                comment.body(),
                comment.user());
    }
}
