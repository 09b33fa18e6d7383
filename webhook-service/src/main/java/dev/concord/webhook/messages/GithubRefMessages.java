package dev.concord.webhook.messages;

import static dev.concord.webhook.messages.GithubEmbeds.LONG_TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.TITLE;
import static dev.concord.webhook.messages.GithubEmbeds.cut;
import static dev.concord.webhook.messages.GithubEmbeds.embed;
import static dev.concord.webhook.messages.GithubEmbeds.fullName;
import static dev.concord.webhook.messages.GithubEmbeds.link;
import static dev.concord.webhook.messages.GithubEmbeds.name;
import static dev.concord.webhook.messages.GithubEmbeds.text;

import dev.concord.webhook.messages.GithubPayload.Comment;
import dev.concord.webhook.messages.GithubPayload.Commit;
import dev.concord.webhook.messages.GithubPayload.Repository;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Git's side of a repository: pushes (with their commits), branches and tags made or deleted, commit comments. */
final class GithubRefMessages {

    /** The platform's blurple, a push's colour. */
    static final int PUSH_COLOR = 0x7289DA;
    /** A force-push's warning yellow. */
    static final int FORCE_PUSH_COLOR = 0xFCBD1F;
    /** A push lists its first five commits; the title still counts them all. */
    static final int LISTED_COMMITS = 5;
    /** A commit shows the start of its subject line, about the length git's own tools keep a subject to. */
    static final int COMMIT_SUBJECT = 50;

    private static final String HEADS = "refs/heads/";
    private static final String TAGS = "refs/tags/";

    private GithubRefMessages() {}

    /**
     * {@code [repo:branch] 2 new commits}, linking the comparison, one line per commit ({@code [`abc1234`](url)
     * subject - author}); a force-push says so instead. A push of no commits (a branch deleted, a tag
     * pushed on an existing commit) shows nothing: the create and delete events tell of those.
     */
    static @Nullable Embed push(GithubPayload payload) {
        Repository repository = payload.repository();
        String ref = payload.ref();
        if (repository == null || ref == null) {
            return null;
        }
        String refName = ref.startsWith(HEADS)
                ? ref.substring(HEADS.length())
                : ref.startsWith(TAGS) ? ref.substring(TAGS.length()) : ref;
        if (Boolean.TRUE.equals(payload.forced())) {
            Commit head = payload.headCommit();
            if (head == null || head.id() == null) {
                return null;
            }
            String kind = ref.startsWith(HEADS) ? "Branch" : ref.startsWith(TAGS) ? "Tag" : "Ref";
            String compare = link(payload.compare());
            return embed(
                    "[" + name(repository) + "] " + kind + " " + refName + " was force-pushed to `"
                            + shortSha(head.id()) + "`",
                    TITLE,
                    compare,
                    FORCE_PUSH_COLOR,
                    compare == null ? null : "[Compare changes](" + compare + ")",
                    payload.sender());
        }
        List<Commit> commits = payload.commits() == null ? List.of() : payload.commits();
        List<String> lines = new ArrayList<>();
        for (Commit commit : commits.subList(0, Math.min(LISTED_COMMITS, commits.size()))) {
            if (commit != null) {
                lines.add(commitLine(commit));
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        int count = commits.size();
        // The commit list is cut at the embed's own limit, not at a body's 350: five links are longer.
        return embed(
                "[" + name(repository) + ":" + refName + "] " + count + " new commit" + (count == 1 ? "" : "s"),
                LONG_TITLE,
                payload.compare(),
                PUSH_COLOR,
                String.join("\n", lines),
                Embed.MAX_DESCRIPTION,
                payload.sender());
    }

    /** {@code [`abc1234`](url) subject - author}: the commit's link, the first line of its message, its author. */
    private static String commitLine(Commit commit) {
        String sha = "`" + shortSha(commit.id()) + "`";
        String url = link(commit.url());
        String message = text(commit.message()).strip();
        int newline = message.indexOf('\n');
        String subject = cut(newline < 0 ? message : message.substring(0, newline), COMMIT_SUBJECT);
        String author = commit.author() == null ? "" : text(commit.author().name());
        return (url == null ? sha : "[" + sha + "](" + url + ")") + " " + subject
                + (author.isBlank() ? "" : " - " + author);
    }

    /** {@code [owner/repo] New branch created: name} (or tag); other kinds of ref show nothing. */
    static @Nullable Embed create(GithubPayload payload) {
        return refEvent(payload, "New branch created: ", "New tag created: ");
    }

    /** {@code [owner/repo] Branch deleted: name} (or tag). */
    static @Nullable Embed delete(GithubPayload payload) {
        return refEvent(payload, "Branch deleted: ", "Tag deleted: ");
    }

    private static @Nullable Embed refEvent(GithubPayload payload, String branch, String tag) {
        Repository repository = payload.repository();
        String ref = payload.ref();
        if (repository == null || ref == null) {
            return null;
        }
        String what;
        if ("branch".equals(payload.refType())) {
            what = branch;
        } else if ("tag".equals(payload.refType())) {
            what = tag;
        } else {
            return null;
        }
        return embed("[" + fullName(repository) + "] " + what + ref, TITLE, null, null, null, payload.sender());
    }

    /** {@code [owner/repo] New comment on commit `abc1234`}, with the comment's text, by its writer. */
    static @Nullable Embed commitComment(GithubPayload payload) {
        Repository repository = payload.repository();
        Comment comment = payload.comment();
        if (repository == null
                || comment == null
                || comment.commitId() == null
                || !"created".equals(payload.action())) {
            return null;
        }
        return embed(
                "[" + fullName(repository) + "] New comment on commit `" + shortSha(comment.commitId()) + "`",
                TITLE,
                comment.htmlUrl(),
                null,
                comment.body(),
                comment.user());
    }

    /** The first seven characters of a commit's id, as GitHub abbreviates one. */
    static String shortSha(@Nullable String sha) {
        String id = text(sha);
        return id.length() <= 7 ? id : id.substring(0, 7);
    }
}
