package dev.concord.webhook.messages;

import static dev.concord.webhook.messages.GithubEmbeds.TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.embed;
import static dev.concord.webhook.messages.GithubEmbeds.fullName;
import static dev.concord.webhook.messages.GithubEmbeds.text;

import dev.concord.webhook.messages.GithubPayload.Release;
import dev.concord.webhook.messages.GithubPayload.Repository;
import dev.concord.webhook.messages.GithubPayload.User;
import org.jspecify.annotations.Nullable;

/** The repository itself: forks, stars, collaborators added, made public, releases published. Uncoloured. */
final class GithubRepositoryMessages {

    private GithubRepositoryMessages() {}

    /** {@code [owner/repo] Fork created: someone/repo}, linking the fork. */
    static @Nullable Embed fork(GithubPayload payload) {
        Repository repository = payload.repository();
        Repository fork = payload.forkee();
        if (repository == null || fork == null) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] Fork created: " + fullName(fork),
                TITLE,
                fork.htmlUrl(),
                null,
                null,
                payload.sender());
    }

    /** {@code [owner/repo] New star added}: GitHub's watch event with action started is a star. */
    static @Nullable Embed watch(GithubPayload payload) {
        Repository repository = payload.repository();
        if (repository == null || !"started".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New star added",
                TITLE,
                repository.htmlUrl(),
                null,
                null,
                payload.sender());
    }

    /** {@code [owner/repo] New collaborator added: login}, linking their profile. */
    static @Nullable Embed member(GithubPayload payload) {
        Repository repository = payload.repository();
        User member = payload.member();
        if (repository == null || member == null || !"added".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New collaborator added: " + text(member.login()),
                TITLE,
                member.htmlUrl(),
                null,
                null,
                payload.sender());
    }

    /** {@code [owner/repo] Now open sourced!}: the repository was made public. */
    static @Nullable Embed madePublic(GithubPayload payload) {
        Repository repository = payload.repository();
        if (repository == null) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] Now open sourced!",
                TITLE,
                repository.htmlUrl(),
                null,
                null,
                payload.sender());
    }

    /**
     * {@code [owner/repo] New release published: v1.0}, linking the release. Only {@code published}:
     * GitHub also sends created, released and prereleased for the same release, which would repeat it.
     */
    static @Nullable Embed release(GithubPayload payload) {
        Repository repository = payload.repository();
        Release release = payload.release();
        if (repository == null || release == null || !"published".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New release published: " + text(release.tagName()),
                TITLE,
                release.htmlUrl(),
                null,
                null,
                payload.sender());
    }
}
