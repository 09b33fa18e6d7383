package dev.concord.webhook.messages;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A GitHub webhook delivery as the platform shows it, for {@code POST /webhooks/{id}/{token}/github}
 * (GitHub's "payload URL"): one embed per event the platform supports, posted as "GitHub" with GitHub's
 * mark whatever the webhook is called, as the platform shows these messages. The event is GitHub's
 * {@code X-GitHub-Event} header; events it does not render ({@code ping}, workflow runs, ...) and
 * actions it ignores (an issue labelled, a check requested, a push of no commits, ...) give no message.
 */
final class GithubMessages {

    /** The events the platform renders; any other is answered without a message. */
    static final List<String> EVENTS = List.of(
            "commit_comment",
            "create",
            "delete",
            "fork",
            "issue_comment",
            "issues",
            "member",
            "public",
            "pull_request",
            "pull_request_review",
            "pull_request_review_comment",
            "push",
            "release",
            "watch",
            "check_run",
            "check_suite",
            "discussion",
            "discussion_comment");

    /** The name every GitHub message shows. */
    static final String USERNAME = "GitHub";
    /** GitHub's mark, the avatar every GitHub message shows. */
    static final String AVATAR_URL = "https://github.githubassets.com/images/modules/logos_page/GitHub-Mark.png";

    private GithubMessages() {}

    /** The execution for {@code event}'s delivery, or null where the platform posts nothing for it. */
    static @Nullable WebhookExecuteRequest toExecution(String event, GithubPayload payload) {
        Embed embed = embed(event, payload);
        if (embed == null) {
            return null;
        }
        return new WebhookExecuteRequest(
                null, USERNAME, AVATAR_URL, null, List.of(embed), null, null, null, null, null, null, null);
    }

    /** The one embed {@code event} shows, or null. */
    static @Nullable Embed embed(String event, GithubPayload payload) {
        return switch (event) {
            case "push" -> GithubRefMessages.push(payload);
            case "create" -> GithubRefMessages.create(payload);
            case "delete" -> GithubRefMessages.delete(payload);
            case "commit_comment" -> GithubRefMessages.commitComment(payload);
            case "issues" -> GithubIssueMessages.issue(payload);
            case "issue_comment" -> GithubIssueMessages.issueComment(payload);
            case "pull_request" -> GithubIssueMessages.pullRequest(payload);
            case "pull_request_review" -> GithubIssueMessages.review(payload);
            case "pull_request_review_comment" -> GithubIssueMessages.reviewComment(payload);
            case "fork" -> GithubRepositoryMessages.fork(payload);
            case "watch" -> GithubRepositoryMessages.watch(payload);
            case "member" -> GithubRepositoryMessages.member(payload);
            case "public" -> GithubRepositoryMessages.madePublic(payload);
            case "release" -> GithubRepositoryMessages.release(payload);
            case "check_run" -> GithubCheckMessages.checkRun(payload);
            case "check_suite" -> GithubCheckMessages.checkSuite(payload);
            case "discussion" -> GithubDiscussionMessages.discussion(payload);
            case "discussion_comment" -> GithubDiscussionMessages.comment(payload);
            default -> null;
        };
    }
}
