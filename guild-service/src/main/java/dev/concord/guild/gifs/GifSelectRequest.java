package dev.concord.guild.gifs;

import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /gifs/select}: the GIF a person chose and the search that found it ({@code q}
 * empty or absent when chosen from a trending list, and then not counted as a term).
 */
record GifSelectRequest(@Nullable String id, @Nullable String q) implements Violations.Validatable {

    /** Longer than any provider's ids. */
    static final int MAX_ID = 100;

    @Override
    public void validate(Violations v) {
        v.required("id", id);
        v.length("id", id, 1, MAX_ID);
        v.length("q", q, 0, GifRoutes.MAX_QUERY);
    }

    String query() {
        return q == null ? "" : q;
    }
}
