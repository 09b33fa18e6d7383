package dev.concord.gateway.session;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.redis.RedisSettings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One entry of a home's replay log: a frame and who got it under which number. Its fields: {@code t} the
 * dispatch type, {@code e} the domain event's id (empty for a session's own frames), {@code h} and {@code b}
 * the frame's text before and after the sequence number, {@code r} the recipients as {@code ordinal:seq}
 * pairs separated by commas; {@code x} marks a frame evicted before it was written (a null {@code frame}):
 * its recipients cannot resume it, yet its event id still says it was sent.
 */
record ReplayLogEntry(
        @Nullable DispatchFrame frame, @Nullable String eventId, List<Recipient> recipients) {

    /** A session, by its ordinal in the home, and the number the frame had for it. */
    record Recipient(long ordinal, long seq) {}

    static String streamKey(RedisSettings keys, String home) {
        return keys.key("gateway:replay:" + home);
    }

    static Map<String, String> fields(DispatchFrame frame, String recipients) {
        DispatchFrame.Encoded encoded = frame.encoded();
        String eventId = frame.eventId();
        Map<String, String> fields = new HashMap<>(8);
        fields.put("t", frame.type());
        fields.put("e", eventId == null ? "" : eventId);
        fields.put("r", recipients);
        if (encoded == null) {
            // Evicted (or acknowledged by every recipient) before it was written down: nobody can resume
            // it, and a successor must still not send its event again.
            fields.put("h", "");
            fields.put("b", "");
            fields.put("x", "1");
        } else {
            fields.put("h", new String(encoded.head(), StandardCharsets.UTF_8));
            fields.put("b", new String(encoded.tail(), StandardCharsets.UTF_8));
        }
        return fields;
    }

    static ReplayLogEntry parse(Map<String, String> fields) {
        List<Recipient> recipients = recipients(fields.getOrDefault("r", ""));
        String event = fields.getOrDefault("e", "");
        String eventId = event.isEmpty() ? null : event;
        if (fields.containsKey("x")) {
            return new ReplayLogEntry(null, eventId, recipients);
        }
        DispatchFrame frame = DispatchFrame.restored(
                fields.getOrDefault("t", ""),
                eventId,
                fields.getOrDefault("h", "").getBytes(StandardCharsets.UTF_8),
                fields.getOrDefault("b", "").getBytes(StandardCharsets.UTF_8));
        return new ReplayLogEntry(frame, eventId, recipients);
    }

    private static List<Recipient> recipients(String text) {
        List<Recipient> recipients = new ArrayList<>();
        for (String pair : text.split(",", -1)) {
            int colon = pair.indexOf(':');
            if (colon > 0) {
                recipients.add(new Recipient(
                        Long.parseLong(pair.substring(0, colon)), Long.parseLong(pair.substring(colon + 1))));
            }
        }
        return recipients;
    }
}
