package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /channels/{channel.id}/threads} (or its {@code payload_json} with files): a
 * thread's settings, and for a post in a forum or media channel its first {@code message}. The thread's
 * rules are guild-service's, which answers for them; its fields are checked here too so that a post's
 * files are never stored for a thread refused for its name.
 */
record ThreadStartRequest(
        @Nullable String name,
        @Nullable Integer type,
        @Nullable Integer autoArchiveDuration,
        @Nullable Integer rateLimitPerUser,
        @Nullable Boolean invitable,
        @Nullable List<Snowflake> appliedTags,
        @Nullable MessageCreateRequest message)
        implements Violations.Validatable {

    static final ThreadStartRequest EMPTY = new ThreadStartRequest(null, null, null, null, null, null, null);

    static final int MAX_NAME = 100;
    static final int MAX_SLOWMODE = 21_600;
    static final int MAX_APPLIED_TAGS = 5;
    static final Set<Integer> TYPES = Set.of(10, 11, 12);
    static final List<Integer> AUTO_ARCHIVE_DURATIONS = List.of(60, 1440, 4320, 10080);

    @Override
    public void validate(Violations v) {
        validateThread(v, name, autoArchiveDuration, rateLimitPerUser);
        v.oneOf("type", type, TYPES);
        v.maxItems("applied_tags", appliedTags, MAX_APPLIED_TAGS);
        if (message != null) {
            message.validate(v.at("message"));
        }
    }

    /** What every thread start checks: a name of 1-100, a duration the platform offers, a slowmode. */
    static void validateThread(
            Violations v, @Nullable String name, @Nullable Integer autoArchiveDuration, @Nullable Integer slowmode) {
        v.required("name", name);
        v.length("name", name == null ? null : name.strip(), 1, MAX_NAME);
        v.oneOf("auto_archive_duration", autoArchiveDuration, AUTO_ARCHIVE_DURATIONS);
        v.range("rate_limit_per_user", slowmode, 0, MAX_SLOWMODE);
    }

    /** The thread's settings as guild-service's internal route takes them, those sent only. */
    Map<String, Object> threadFields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", name);
        putIfSent(fields, "type", type);
        putIfSent(fields, "auto_archive_duration", autoArchiveDuration);
        putIfSent(fields, "rate_limit_per_user", rateLimitPerUser);
        putIfSent(fields, "invitable", invitable);
        if (appliedTags != null) {
            fields.put(
                    "applied_tags",
                    appliedTags.stream().map(Snowflake::asString).toList());
        }
        return fields;
    }

    static void putIfSent(Map<String, Object> fields, String name, @Nullable Object value) {
        if (value != null) {
            fields.put(name, value);
        }
    }
}
