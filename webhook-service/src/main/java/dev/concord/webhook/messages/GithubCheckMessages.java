package dev.concord.webhook.messages;

import static dev.concord.webhook.messages.GithubEmbeds.LONG_TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.embed;
import static dev.concord.webhook.messages.GithubEmbeds.link;
import static dev.concord.webhook.messages.GithubEmbeds.name;
import static dev.concord.webhook.messages.GithubEmbeds.text;

import dev.concord.webhook.messages.GithubPayload.CheckRun;
import dev.concord.webhook.messages.GithubPayload.CheckSuite;
import dev.concord.webhook.messages.GithubPayload.Repository;
import org.jspecify.annotations.Nullable;

/**
 * CI results: a check run or a whole suite once completed ({@code [repo] build success on main}), green
 * for success and red for anything else, linking the commit checked. Runs and suites that were queued,
 * requested or skipped show nothing, so a channel hears of each result once.
 */
final class GithubCheckMessages {

    static final int SUCCESS_COLOR = 0x009800;
    static final int FAILURE_COLOR = 0xFC2929;

    private GithubCheckMessages() {}

    static @Nullable Embed checkRun(GithubPayload payload) {
        Repository repository = payload.repository();
        CheckRun run = payload.checkRun();
        if (repository == null || run == null || !"completed".equals(payload.action())) {
            return null;
        }
        CheckSuite suite = run.checkSuite();
        if ("skipped".equals(run.conclusion()) || (suite != null && "skipped".equals(suite.conclusion()))) {
            return null;
        }
        String headSha = suite == null ? null : suite.headSha();
        String branch = suite == null ? null : suite.headBranch();
        return result(repository, text(run.name()), run.conclusion(), branch, headSha, run.htmlUrl());
    }

    static @Nullable Embed checkSuite(GithubPayload payload) {
        Repository repository = payload.repository();
        CheckSuite suite = payload.checkSuite();
        if (repository == null || suite == null || !"completed".equals(payload.action())) {
            return null;
        }
        if ("skipped".equals(suite.conclusion())) {
            return null;
        }
        String app = suite.app() == null ? "" : text(suite.app().name());
        return result(repository, app + " checks", suite.conclusion(), suite.headBranch(), suite.headSha(), null);
    }

    /** {@code [repo] what conclusion on branch}, linking the commit (or, without one, the check itself). */
    private static Embed result(
            Repository repository,
            String what,
            @Nullable String conclusion,
            @Nullable String branch,
            @Nullable String headSha,
            @Nullable String fallbackUrl) {
        String repositoryUrl = link(repository.htmlUrl());
        String url = repositoryUrl != null && headSha != null ? repositoryUrl + "/commit/" + headSha : fallbackUrl;
        return embed(
                "[" + name(repository) + "] " + what + " " + text(conclusion) + (branch == null ? "" : " on " + branch),
                LONG_TITLE,
                url,
                "success".equals(conclusion) ? SUCCESS_COLOR : FAILURE_COLOR,
                null,
                null);
    }
}
