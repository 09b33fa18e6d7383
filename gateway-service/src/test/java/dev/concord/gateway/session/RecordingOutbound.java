package dev.concord.gateway.session;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** An {@link Outbound} that keeps what it is given, with the same bound and close rules as the socket's. */
final class RecordingOutbound implements Outbound {

    private final int capacity;
    private final List<String> payloads = new ArrayList<>();
    private CloseCode closedWith;

    RecordingOutbound(int capacity) {
        this.capacity = capacity;
    }

    @Override
    public synchronized boolean offer(String payload) {
        if (closedWith != null || payloads.size() >= capacity) {
            return false;
        }
        payloads.add(payload);
        return true;
    }

    @Override
    public boolean offer(DispatchFrame.Encoded dispatch, long seq) {
        return offer(new String(dispatch.bytes(seq), StandardCharsets.UTF_8));
    }

    @Override
    public synchronized void close(CloseCode code) {
        if (closedWith == null) {
            closedWith = code;
        }
    }

    synchronized CloseCode closedWith() {
        return closedWith;
    }

    synchronized List<JsonNode> sent() {
        return payloads.stream().map(Json.mapper()::readTree).toList();
    }

    synchronized JsonNode last() {
        return Json.mapper().readTree(payloads.get(payloads.size() - 1));
    }

    /** Empties the queue, as a client reading it would. */
    synchronized List<JsonNode> drain() {
        List<JsonNode> sent = sent();
        payloads.clear();
        return sent;
    }
}
