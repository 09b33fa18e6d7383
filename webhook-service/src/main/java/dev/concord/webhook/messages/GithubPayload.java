package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A GitHub webhook delivery as the platform reads it: the fields of its GitHub schema, which are those
 * its messages show, each typed so a wrongly typed value is refused (50035) as the platform refuses it.
 * Everything else GitHub sends (most of a delivery) is read and ignored. Only {@code sender} is required,
 * as there; a delivery missing anything else renders what it can ({@link GithubMessages}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record GithubPayload(
        @Nullable String action,
        @Nullable String ref,
        @Nullable String refType,
        @Nullable Comment comment,
        @Nullable Issue issue,
        @Nullable Issue pullRequest,
        @Nullable Repository repository,
        @Nullable Repository forkee,
        @Nullable User sender,
        @Nullable User member,
        @Nullable Release release,
        @Nullable Commit headCommit,
        @Nullable List<Commit> commits,
        @Nullable Boolean forced,
        @Nullable String compare,
        @Nullable Review review,
        @Nullable CheckRun checkRun,
        @Nullable CheckSuite checkSuite,
        @Nullable Discussion discussion,
        @Nullable Comment answer)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("sender", sender);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record User(
            @Nullable Long id,
            @Nullable String login,
            @Nullable String htmlUrl,
            @Nullable String avatarUrl) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Repository(
            @Nullable Long id,
            @Nullable String htmlUrl,
            @Nullable String name,
            @Nullable String fullName) {}

    /** A comment on a commit, an issue, a pull request's diff or a discussion. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Comment(
            @Nullable Long id,
            @Nullable String htmlUrl,
            @Nullable User user,
            @Nullable String commitId,
            @Nullable String body) {}

    /**
     * An issue or a pull request; an issue that is a pull request (issue_comment on one) has a {@code
     * pull_request} object, whatever it holds.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Issue(
            @Nullable Long id,
            @Nullable Long number,
            @Nullable String htmlUrl,
            @Nullable User user,
            @Nullable String title,
            @Nullable String body,
            @Nullable JsonNode pullRequest) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Release(
            @Nullable Long id,
            @Nullable String tagName,
            @Nullable String htmlUrl,
            @Nullable User author) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Commit(
            @Nullable String id,
            @Nullable String url,
            @Nullable String message,
            @Nullable CommitAuthor author) {}

    /** A commit's author as git recorded it: a name, and the GitHub login when GitHub knows them. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record CommitAuthor(@Nullable String username, @Nullable String name) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Review(
            @Nullable User user,
            @Nullable String body,
            @Nullable String htmlUrl,
            @Nullable String state) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CheckRun(
            @Nullable String conclusion,
            @Nullable String name,
            @Nullable String htmlUrl,
            @Nullable CheckSuite checkSuite,
            @Nullable String detailsUrl,
            @Nullable CheckOutput output,
            @Nullable List<CheckPullRequest> pullRequests) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CheckSuite(
            @Nullable String conclusion,
            @Nullable String headBranch,
            @Nullable String headSha,
            @Nullable List<CheckPullRequest> pullRequests,
            @Nullable CheckApp app) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CheckPullRequest(@Nullable Long number) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CheckApp(@Nullable String name) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CheckOutput(@Nullable String title, @Nullable String summary) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Discussion(
            @Nullable String title,
            @Nullable Long number,
            @Nullable String htmlUrl,
            @Nullable String answerHtmlUrl,
            @Nullable String body,
            @Nullable User user) {}
}
