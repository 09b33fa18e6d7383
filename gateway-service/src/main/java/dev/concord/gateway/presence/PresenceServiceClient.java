package dev.concord.gateway.presence;

import dev.concord.gateway.InstanceId;
import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.session.SessionPresences;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.http.codec.json.JacksonJsonEncoder;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link SessionPresences} over presence-service's internal API, under
 * {@code /internal/gateway-instances/<this instance>} (docs/internal-api.md), bounded in time.
 */
final class PresenceServiceClient implements SessionPresences {

    static final int MAX_CONNECTIONS = 256;
    /**
     * Requests waiting for a connection beyond which one fails at once: an identify's (READY then lists no
     * presence, which the session's first op 3 opens) or a batch of op 3s' (logged; each session's next op 3
     * is sent as usual).
     */
    static final int MAX_PENDING = 10_000;

    private final ConnectionProvider pool;
    private final WebClient client;
    private final String authorization;
    private final String base;
    private final PresenceUpdateBatches<Map<String, Object>> updates;

    PresenceServiceClient(String baseUrl, String secret, InstanceId instance, JsonMapper mapper, Duration timeout) {
        // Every identify and close here is a request (op 3s go together, PresenceUpdateBatches): a pool of its
        // own, wide enough that a burst of identifies waits on presence-service rather than on a connection
        // (the shared default holds 16 at most).
        this.pool = ConnectionProvider.builder("presence-service")
                .maxConnections(MAX_CONNECTIONS)
                .pendingAcquireMaxCount(MAX_PENDING)
                .pendingAcquireTimeout(timeout)
                .build();
        HttpClient http = HttpClient.create(pool)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeout.toMillis())
                .responseTimeout(timeout);
        this.client = WebClient.builder()
                .baseUrl(baseUrl)
                .clientConnector(new ReactorClientHttpConnector(http))
                .codecs(codecs -> {
                    codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper));
                    codecs.defaultCodecs().jacksonJsonEncoder(new JacksonJsonEncoder(mapper));
                })
                .build();
        this.authorization = InternalCredential.header(secret);
        this.base = "/internal/gateway-instances/" + instance.value();
        this.updates = new PresenceUpdateBatches<>(this::sendUpdates);
    }

    @Override
    public Mono<Ready> open(
            Snowflake user,
            String sessionId,
            @Nullable JsonNode properties,
            @Nullable JsonNode presence,
            boolean bot,
            List<String> guildIds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", user.asString());
        body.put("bot", bot);
        body.put("guild_ids", guildIds);
        if (properties != null) {
            body.put("properties", properties);
        }
        if (presence != null) {
            body.put("presence", presence);
        }
        return client.put()
                .uri(base + "/sessions/{session}", sessionId)
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(body)
                .retrieve()
                .onStatus(status -> status.value() == 400, response -> response.releaseBody()
                        .then(Mono.error(new ProtocolViolation(CloseCode.DECODE_ERROR))))
                .bodyToMono(JsonNode.class)
                .map(found ->
                        new Ready(found.path("sessions"), found.path("presences"), found.path("guild_presences")));
    }

    @Override
    public Mono<Outcome> update(Snowflake user, String sessionId, JsonNode presence, boolean bot) {
        return updates.offer(
                Map.of("session_id", sessionId, "user_id", user.asString(), "presence", presence, "bot", bot));
    }

    /** Op 3s sent together (docs/internal-api.md); a 400 means the request, not one op 3, was out of shape. */
    private Mono<List<Outcome>> sendUpdates(List<Map<String, Object>> batch) {
        return client.post()
                .uri(base + "/presence-updates")
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(Map.of("updates", batch))
                .retrieve()
                .bodyToMono(JsonNode.class)
                .map(answer -> answer.path("outcomes")
                        .valueStream()
                        .map(outcome -> switch (outcome.asString()) {
                            case "applied" -> Outcome.APPLIED;
                            case "unknown_session" -> Outcome.UNKNOWN_SESSION;
                            default -> Outcome.INVALID;
                        })
                        .toList());
    }

    @Override
    public Mono<Void> close(Snowflake user, String sessionId) {
        return client.delete()
                .uri(base + "/sessions/{session}?user_id={user}", sessionId, user.asString())
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .retrieve()
                .toBodilessEntity()
                .then();
    }

    @Override
    public Mono<Boolean> claim(Snowflake user, String sessionId) {
        return client.post()
                .uri(base + "/sessions/{session}/claim", sessionId)
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(Map.of("user_id", user.asString()))
                .retrieve()
                .onStatus(status -> status.value() == 404, response -> response.releaseBody()
                        .then(Mono.empty()))
                .toBodilessEntity()
                .map(answer -> answer.getStatusCode().is2xxSuccessful());
    }

    /**
     * Closes the pool's connections (at shutdown, after the sessions were ended through it). Not
     * {@code close}: that name is a session's end here, and Spring would not know which to call.
     */
    void dispose() {
        pool.dispose();
    }

    /** Keeps this instance's sessions for {@code ttl} more; false when presence-service had let them lapse. */
    Mono<Boolean> renewLease(Duration ttl) {
        return client.put()
                .uri(base + "/lease")
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(Map.of("ttl_ms", ttl.toMillis()))
                .retrieve()
                .bodyToMono(JsonNode.class)
                .map(answer -> answer.path("renewed").asBoolean());
    }
}
