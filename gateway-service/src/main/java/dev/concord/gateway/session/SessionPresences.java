package dev.concord.gateway.session;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * presence-service, told of this instance's sessions: one opens with its Identify's presence (and READY
 * gets the user's sessions and the presences they see), changes it (op 3), ends, or is resumed here.
 * {@link #NONE} where presence-service is not configured (tests of the gateway alone): READY then lists
 * no session and no presence, and op 3 changes nothing.
 */
public interface SessionPresences {

    /**
     * READY's {@code sessions} and {@code presences}, as presence-service gives them (JSON arrays), and each
     * guild's presences for its GUILD_CREATE (an object of arrays by guild id).
     */
    record Ready(JsonNode sessions, JsonNode presences, JsonNode guildPresences) {}

    /** What became of an op 3. */
    enum Outcome {
        APPLIED,
        /** The session's presence is gone (presence-service lost it): it is opened anew. */
        UNKNOWN_SESSION,
        /** presence-service refused it (a field out of its limits): the client is told with 4002. */
        INVALID
    }

    SessionPresences NONE = new SessionPresences() {
        @Override
        public Mono<Ready> open(
                Snowflake user,
                String sessionId,
                @Nullable JsonNode properties,
                @Nullable JsonNode presence,
                boolean bot,
                List<String> guildIds) {
            return Mono.empty();
        }

        @Override
        public Mono<Outcome> update(Snowflake user, String sessionId, JsonNode presence, boolean bot) {
            return Mono.just(Outcome.APPLIED);
        }

        @Override
        public Mono<Void> close(Snowflake user, String sessionId) {
            return Mono.empty();
        }

        @Override
        public Mono<Boolean> claim(Snowflake user, String sessionId) {
            return Mono.just(true);
        }
    };

    /**
     * Opens the session with the Identify's {@code properties} and {@code presence}, asking for the
     * presences of {@code guildIds}; empty when there is no presence-service. A presence out of its limits
     * fails with a {@code ProtocolViolation} (4002).
     */
    Mono<Ready> open(
            Snowflake user,
            String sessionId,
            @Nullable JsonNode properties,
            @Nullable JsonNode presence,
            boolean bot,
            List<String> guildIds);

    Mono<Outcome> update(Snowflake user, String sessionId, JsonNode presence, boolean bot);

    Mono<Void> close(Snowflake user, String sessionId);

    /** The session was resumed here; false when presence-service no longer has its presence. */
    Mono<Boolean> claim(Snowflake user, String sessionId);
}
