package dev.concord.webhook.messages;

import dev.concord.platform.web.Violations;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /channels/{channel.id}/messages/{message.id}/threads}: the thread's settings. */
record MessageThreadRequest(
        @Nullable String name,
        @Nullable Integer autoArchiveDuration,
        @Nullable Integer rateLimitPerUser) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        ThreadStartRequest.validateThread(v, name, autoArchiveDuration, rateLimitPerUser);
    }

    Map<String, Object> threadFields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("name", name);
        ThreadStartRequest.putIfSent(fields, "auto_archive_duration", autoArchiveDuration);
        ThreadStartRequest.putIfSent(fields, "rate_limit_per_user", rateLimitPerUser);
        return fields;
    }
}
