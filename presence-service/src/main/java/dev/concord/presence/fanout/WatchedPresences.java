package dev.concord.presence.fanout;

import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.session.SessionStore;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The overall presences a user sees: of their friends and implicit relationships who are not offline,
 * as last published (READY's {@code presences}, {@code GET /presences}).
 */
@Component
public final class WatchedPresences {

    private final Audiences audiences;
    private final SessionStore store;
    private final JsonMapper mapper;

    WatchedPresences(Audiences audiences, SessionStore store, JsonMapper mapper) {
        this.audiences = audiences;
        this.store = store;
        this.mapper = mapper;
    }

    public Mono<List<JsonNode>> of(Snowflake user) {
        return audiences
                .of(user)
                .flatMap(audience -> store.overalls(audience.watching()))
                .map(found -> found.values().stream()
                        .filter(json -> !json.isEmpty())
                        .map(mapper::readTree)
                        .filter(presence ->
                                !"offline".equals(presence.path("status").asString()))
                        .toList());
    }
}
