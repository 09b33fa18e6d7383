package dev.concord.webhook.messages;

import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code PUT /channels/{id}/polls/{message.id}/answers/@me}: the answers chosen, none to take
 * back. Each id is a number or, as the platform's client sends them, a string of its digits.
 */
record PollVoteRequest(@Nullable List<JsonNode> answerIds) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("answer_ids", answerIds).maxItems("answer_ids", answerIds, PollRequest.MAX_ANSWERS);
        if (answerIds != null) {
            for (int i = 0; i < answerIds.size(); i++) {
                if (id(answerIds.get(i)) == null) {
                    v.at("answer_ids").add(Integer.toString(i), "NUMBER_TYPE_COERCE", "Value is not int.");
                }
            }
        }
    }

    /** The ids chosen, once validated. */
    List<Integer> ids() {
        List<Integer> ids = new ArrayList<>();
        for (JsonNode id : Objects.requireNonNull(answerIds)) {
            ids.add(Objects.requireNonNull(id(id)));
        }
        return ids;
    }

    private static @Nullable Integer id(@Nullable JsonNode id) {
        if (id == null) {
            return null;
        }
        if (id.isIntegralNumber() && id.canConvertToInt()) {
            return id.intValue();
        }
        if (id.isString() && id.asString().matches("[0-9]{1,2}")) {
            return Integer.parseInt(id.asString());
        }
        return null;
    }
}
