package dev.concord.webhook.messages;

import dev.concord.platform.web.WebUrls;
import dev.concord.webhook.messages.GithubPayload.Repository;
import dev.concord.webhook.messages.GithubPayload.User;
import org.jspecify.annotations.Nullable;

/**
 * What every GitHub message shares: one embed whose title starts with the repository in brackets, whose
 * author is a GitHub user (login, profile, avatar), and whose text is cut as the platform cuts it, most
 * titles at 70 characters and bodies at 350, ending in "..." (so a long issue body shows its start and a
 * link to the rest, not a wall of text).
 */
final class GithubEmbeds {

    /** Where most titles are cut: the repository, the action and the start of the subject. */
    static final int TITLE = 70;
    /** Where an issue's, a comment's or a commit list's text is cut. */
    static final int DESCRIPTION = 350;
    /** Titles that must show their end (a push's commit count, a check's conclusion) take the embed's whole limit. */
    static final int LONG_TITLE = Embed.MAX_TITLE;

    private static final String ELLIPSIS = "...";

    private GithubEmbeds() {}

    /** The embed, its text cut at {@link #DESCRIPTION}. */
    static Embed embed(
            String title,
            int titleLimit,
            @Nullable String url,
            @Nullable Integer color,
            @Nullable String description,
            @Nullable User author) {
        return embed(title, titleLimit, url, color, description, DESCRIPTION, author);
    }

    /** The embed: title and text cut at their limits, links that are not web URLs left out rather than refused. */
    static Embed embed(
            String title,
            int titleLimit,
            @Nullable String url,
            @Nullable Integer color,
            @Nullable String description,
            int descriptionLimit,
            @Nullable User author) {
        return new Embed(
                null,
                cut(title, titleLimit),
                description == null || description.isBlank() ? null : cut(description, descriptionLimit),
                link(url),
                null,
                color,
                null,
                null,
                null,
                author(author),
                null);
    }

    /** The user as the embed's author, or none when the payload names nobody. */
    static Embed.@Nullable Author author(@Nullable User user) {
        if (user == null || user.login() == null || user.login().isBlank()) {
            return null;
        }
        return new Embed.Author(cut(user.login(), Embed.MAX_AUTHOR), link(user.htmlUrl()), link(user.avatarUrl()));
    }

    /** {@code owner/name}, as most titles show the repository. */
    static String fullName(Repository repository) {
        return text(repository.fullName() != null ? repository.fullName() : repository.name());
    }

    /** The bare name, as a push's and a check's titles show it (the branch follows it there). */
    static String name(Repository repository) {
        return text(repository.name() != null ? repository.name() : repository.fullName());
    }

    /** A missing text as empty, so a title still reads where a payload left a part out. */
    static String text(@Nullable String value) {
        return value == null ? "" : value;
    }

    /** A number as text, or "?" where the payload has none. */
    static String number(@Nullable Long value) {
        return value == null ? "?" : value.toString();
    }

    /** The URL when it is one the platform would link; otherwise nothing. */
    static @Nullable String link(@Nullable String url) {
        return WebUrls.isWebUrl(url) ? url : null;
    }

    /** {@code value} trimmed and, past {@code limit} code points, cut to end in "..." within the limit. */
    static String cut(String value, int limit) {
        String trimmed = value.strip();
        if (trimmed.codePointCount(0, trimmed.length()) <= limit) {
            return trimmed;
        }
        int end = trimmed.offsetByCodePoints(0, limit - ELLIPSIS.length());
        return trimmed.substring(0, end) + ELLIPSIS;
    }
}
