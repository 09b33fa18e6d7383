package dev.concord.webhook.messages;

import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Violations;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of {@code POST /interactions/{id}/{token}/callback}, and what an interactions endpoint answers
 * with: the response's type and its {@code data}. A component interaction takes a channel message (4), a
 * deferred one (5), a deferred update (6) or an update of the message the component is on (7); PONG,
 * autocomplete results and modals belong to interactions not made here.
 */
record InteractionCallbackRequest(
        @Nullable Integer type, @Nullable JsonNode data) implements Violations.Validatable {

    static final int CHANNEL_MESSAGE = 4;
    static final int DEFERRED_CHANNEL_MESSAGE = 5;
    static final int DEFERRED_UPDATE_MESSAGE = 6;
    static final int UPDATE_MESSAGE = 7;

    static final InteractionCallbackRequest EMPTY = new InteractionCallbackRequest(null, null);

    @Override
    public void validate(Violations v) {
        v.required("type", type)
                .oneOf(
                        "type",
                        type,
                        Set.of(CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE));
        if (type != null && type == CHANNEL_MESSAGE) {
            v.required("data", data == null || data.isNull() ? null : data);
        }
        if (data != null && !data.isNull() && !data.isObject()) {
            v.add("data", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
        }
    }

    /** The message of a type 4 or 5 answer (errors named under {@code data}). */
    InteractionMessageRequest message(JsonMapper mapper) {
        return data == null || data.isNull()
                ? InteractionMessageRequest.EMPTY
                : JsonBodies.checked(bytes(mapper), InteractionMessageRequest.class);
    }

    /** The edit of a type 7 answer. */
    MessageEditRequest edit(JsonMapper mapper) {
        return data == null || data.isNull()
                ? MessageEditRequest.NOTHING
                : JsonBodies.checked(bytes(mapper), MessageEditRequest.class);
    }

    private byte[] bytes(JsonMapper mapper) {
        return mapper.writeValueAsString(data).getBytes(StandardCharsets.UTF_8);
    }
}
