package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST /internal/channels/{parent.id}/threads} (docs/internal-api.md): the thread
 * settings a client sent to {@code POST /channels/{id}/threads} or {@code .../messages/{id}/threads}
 * (webhook-service, which keeps messages, takes those routes and the starter message), with who starts
 * it: a member ({@code user_id}) or a webhook posting a forum post ({@code webhook_id}). A thread started
 * from a message takes that message's id ({@code message_id}); a forum post takes the id its starter
 * message will have ({@code id}).
 */
record ThreadCreateRequest(
        Possible<Snowflake> userId,
        Possible<Snowflake> webhookId,
        Possible<Snowflake> messageId,
        Possible<Snowflake> id,
        Possible<String> name,
        Possible<Optional<Integer>> type,
        Possible<Optional<Integer>> autoArchiveDuration,
        Possible<Optional<Integer>> rateLimitPerUser,
        Possible<Optional<Boolean>> invitable,
        Possible<Optional<List<Snowflake>>> appliedTags)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        if (userId.isPresent() == webhookId.isPresent()) {
            v.add("user_id", "BASE_TYPE_REQUIRED", "Exactly one of user_id and webhook_id is required.");
        }
        v.required("name", name.orNull());
        v.length("name", name.isPresent() ? name.get().strip() : null, 1, ThreadTypes.MAX_NAME);
        v.oneOf("type", Possible.valueOrNull(type), ThreadTypes.ALL);
        v.oneOf("auto_archive_duration", Possible.valueOrNull(autoArchiveDuration), ThreadTypes.AUTO_ARCHIVE_DURATIONS);
        v.range("rate_limit_per_user", Possible.valueOrNull(rateLimitPerUser), 0, ThreadTypes.MAX_SLOWMODE);
        v.maxItems("applied_tags", tags(), ThreadTypes.MAX_APPLIED_TAGS);
    }

    List<Snowflake> tags() {
        List<Snowflake> tags = Possible.valueOrNull(appliedTags);
        return tags == null ? List.of() : tags;
    }

    /** The member or webhook starting the thread, who owns it. */
    Snowflake starter() {
        return userId.isPresent() ? userId.get() : webhookId.get();
    }
}
