package dev.concord.gateway.session;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import tools.jackson.databind.JsonNode;

/**
 * presence-service as a connection sees it: records each call ({@code open <session> <presence>},
 * {@code update <session> <presence>}, ...), answers READY's lists with one session, and op 3 with what
 * the test sets; {@link #holdUpdates} keeps updates unanswered until {@link #release}.
 */
final class FakePresences implements SessionPresences {

    final List<String> calls = new CopyOnWriteArrayList<>();
    volatile Outcome outcome = Outcome.APPLIED;
    volatile boolean refuseOpen;
    private volatile Sinks.@Nullable One<Outcome> held;

    void holdUpdates() {
        held = Sinks.one();
    }

    void release() {
        Sinks.One<Outcome> current = held;
        held = null;
        if (current != null) {
            current.tryEmitValue(outcome);
        }
    }

    @Override
    public Mono<Ready> open(
            Snowflake user,
            String sessionId,
            @Nullable JsonNode properties,
            @Nullable JsonNode presence,
            boolean bot,
            List<String> guildIds) {
        calls.add("open " + sessionId + " " + presence + (guildIds.isEmpty() ? "" : " guilds " + guildIds));
        if (refuseOpen) {
            return Mono.error(new dev.concord.gateway.protocol.ProtocolViolation(
                    dev.concord.gateway.protocol.CloseCode.DECODE_ERROR));
        }
        return Mono.just(new Ready(
                Json.mapper().readTree("[{\"session_id\": \"" + sessionId + "\", \"status\": \"online\"}]"),
                Json.mapper().readTree("[{\"user\": {\"id\": \"7\"}, \"status\": \"idle\"}]"),
                Json.mapper()
                        .readTree(
                                "{\"81\": [{\"user\": {\"id\": \"8\"}, \"guild_id\": \"81\", \"status\": \"dnd\"}]}")));
    }

    @Override
    public Mono<Outcome> update(Snowflake user, String sessionId, JsonNode presence, boolean bot) {
        calls.add("update " + sessionId + " " + presence);
        Sinks.One<Outcome> current = held;
        return current != null ? current.asMono() : Mono.just(outcome);
    }

    @Override
    public Mono<Void> close(Snowflake user, String sessionId) {
        calls.add("close " + sessionId);
        return Mono.empty();
    }

    @Override
    public Mono<Boolean> claim(Snowflake user, String sessionId) {
        calls.add("claim " + sessionId);
        return Mono.just(true);
    }
}
