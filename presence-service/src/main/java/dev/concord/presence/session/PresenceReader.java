package dev.concord.presence.session;

import dev.concord.platform.web.Violations;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityReader;
import dev.concord.presence.activity.JsonFields;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Reads a client's presence object (op 2's {@code presence}, op 3's {@code d}): {@code status} one of
 * the sendable ones, {@code activities}, {@code afk}, {@code since} (Unix ms or null). Every violation is
 * named under {@code field}.
 */
public final class PresenceReader {

    private PresenceReader() {}

    public static PresenceUpdate read(@Nullable JsonNode presence, boolean bot, Violations violations, String field) {
        if (presence == null || presence.isNull()) {
            return PresenceUpdate.UNKNOWN;
        }
        if (!presence.isObject()) {
            violations.add(field, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
            return PresenceUpdate.UNKNOWN;
        }
        Violations at = violations.at(field);
        JsonFields fields = new JsonFields(presence, at);
        String sent = fields.string("status");
        Status status = null;
        if (sent != null) {
            if (Status.isSendable(sent)) {
                status = Status.sent(sent);
            } else {
                at.oneOf("status", sent, Status.SENDABLE);
            }
        }
        List<Activity> activities = ActivityReader.read(fields.node("activities"), bot, at, "activities");
        Boolean afk = fields.bool("afk");
        Long since = fields.millis("since");
        return new PresenceUpdate(status, activities, afk != null && afk, since == null || since == 0 ? null : since);
    }
}
