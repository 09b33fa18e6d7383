package dev.concord.presence.activity;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An activity as a session holds it: what its client sent, checked ({@link ActivityReader}), with the
 * fields only the server sets ({@code id}, {@code created_at}, {@code session_id}). {@code secrets} and
 * {@code metadata} are kept for their own endpoints and never shown to others ({@link #shown}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Activity(
        String id,
        String name,
        int type,
        @Nullable String url,
        long createdAt,
        @Nullable String sessionId,
        @Nullable String platform,
        @Nullable List<String> supportedPlatforms,
        @Nullable Timestamps timestamps,
        @Nullable Snowflake applicationId,
        @Nullable String details,
        @Nullable String state,
        @Nullable String syncId,
        @Nullable Long flags,
        @Nullable List<String> buttons,
        @Nullable Emoji emoji,
        @Nullable Party party,
        @Nullable Assets assets,
        @Nullable Secrets secrets,
        @Nullable JsonNode metadata) {

    /** Start and end, Unix milliseconds written as strings, as the platform writes them. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timestamps(
            @Nullable String start, @Nullable String end) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Emoji(
            String name, @Nullable Snowflake id, @Nullable Boolean animated) {}

    /** {@code size} is {@code [current_size, max_size]}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Party(@Nullable String id, @Nullable List<Long> size) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Assets(
            @Nullable String largeImage,
            @Nullable String largeText,
            @Nullable String smallImage,
            @Nullable String smallText) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Secrets(
            @Nullable String join,
            @Nullable String spectate,
            @Nullable String match) {}

    /** The form others receive: without the send-only {@code secrets} and {@code metadata}. */
    public Activity shown() {
        if (secrets == null && metadata == null) {
            return this;
        }
        return with(id, createdAt, sessionId, null, null);
    }

    /** The same activity in another session, or given the id and time it had before. */
    public Activity identified(String id, long createdAt, @Nullable String sessionId) {
        return with(id, createdAt, sessionId, secrets, metadata);
    }

    /** This activity with the fields only the server sets, and its send-only parts, as given. */
    private Activity with(
            String id,
            long createdAt,
            @Nullable String sessionId,
            @Nullable Secrets secrets,
            @Nullable JsonNode metadata) {
        return new Activity(
                id,
                name,
                type,
                url,
                createdAt,
                sessionId,
                platform,
                supportedPlatforms,
                timestamps,
                applicationId,
                details,
                state,
                syncId,
                flags,
                buttons,
                emoji,
                party,
                assets,
                secrets,
                metadata);
    }

    /** Whether it stands for the same thing as {@code other}: its id and start time carry over. */
    public boolean sameAs(Activity other) {
        return type == other.type
                && name.equals(other.name)
                && java.util.Objects.equals(applicationId, other.applicationId);
    }

    public boolean hasFlag(long flag) {
        return flags != null && (flags & flag) == flag;
    }
}
