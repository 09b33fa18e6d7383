package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The alert's {@code alert_actions_execution} field: {@code {"v": 0, "actions": {"<type>": {"actor", "ts"}}}},
 * written as JSON text because an embed field's value is a string. The map keeps the latest execution of
 * each alert action type; SET_COMPLETED and UNSET_COMPLETED replace each other, so whether the alert is
 * completed reads straight from whether {@code "1"} is there (the seed's completed / not completed states).
 */
final class AlertActionsExecution {

    static final String FIELD = "alert_actions_execution";
    static final int VERSION = 0;

    static final int SET_COMPLETED = 1;
    static final int UNSET_COMPLETED = 2;
    static final int DELETE_USER_MESSAGE = 3;
    static final int SUBMIT_FEEDBACK = 4;

    private AlertActionsExecution() {}

    /**
     * The field's new value once {@code type} was executed by {@code actor} at {@code at}, from its value
     * before (null when the alert had none, or one that is not ours to read: it starts again).
     */
    static String recorded(JsonMapper mapper, @Nullable String before, int type, Snowflake actor, Instant at) {
        ObjectNode actions = previousActions(mapper, before);
        if (type == SET_COMPLETED) {
            actions.remove(Integer.toString(UNSET_COMPLETED));
        } else if (type == UNSET_COMPLETED) {
            actions.remove(Integer.toString(SET_COMPLETED));
        }
        actions.putObject(Integer.toString(type))
                .put("actor", actor.asString())
                .put("ts", at.truncatedTo(ChronoUnit.MILLIS).toString());
        ObjectNode execution = JsonNodeFactory.instance.objectNode();
        execution.put("v", VERSION);
        execution.set("actions", actions);
        return mapper.writeValueAsString(execution);
    }

    private static ObjectNode previousActions(JsonMapper mapper, @Nullable String before) {
        if (before != null) {
            try {
                JsonNode actions = mapper.readTree(before).path("actions");
                if (actions instanceof ObjectNode kept) {
                    return kept.deepCopy();
                }
            } catch (JacksonException unreadable) {
                // Not JSON we wrote: the executions recorded from now on replace it.
            }
        }
        return JsonNodeFactory.instance.objectNode();
    }
}
