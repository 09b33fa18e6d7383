package dev.concord.presence.gateway;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.presence.fanout.GuildPresences;
import dev.concord.presence.fanout.WatchedPresences;
import dev.concord.presence.session.ClientInfo;
import dev.concord.presence.session.PresenceReader;
import dev.concord.presence.session.PresenceSessions;
import dev.concord.presence.session.PresenceUpdate;
import dev.concord.presence.session.SessionStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.RawValue;

/**
 * What a gateway instance tells presence-service of its sessions, under
 * {@code /internal/gateway-instances/{instance}} (docs/internal-api.md): one opens with its
 * Identify's presence, changes it (op 3), moves (a resume on another instance), ends; and each instance
 * renews a lease on all of its sessions at once, which lapses when it dies.
 */
@Component
final class GatewaySessionHandler {

    /** A gateway instance or session id: the gateway's are 32 hex digits, others as plain within this bound. */
    private static final Pattern PLAIN = Pattern.compile("[0-9A-Za-z_-]{1,64}");

    private final PresenceSessions sessions;
    private final WatchedPresences watched;
    private final GuildPresences guildPresences;
    private final SessionStore store;
    private final JsonMapper mapper;
    private final Timer opThrees;

    GatewaySessionHandler(
            PresenceSessions sessions,
            WatchedPresences watched,
            GuildPresences guildPresences,
            SessionStore store,
            JsonMapper mapper,
            MeterRegistry registry) {
        // Op 3s come many to a request: a timer of their own rather than the requests'.
        this.opThrees = Timer.builder("concord.presence.updates")
                .description("One op 3 in presence-service: read, stored and published")
                .register(registry);
        this.sessions = sessions;
        this.watched = watched;
        this.guildPresences = guildPresences;
        this.store = store;
        this.mapper = mapper;
    }

    /** {@code PUT .../sessions/{session}}: answers the user's sessions and the presences they see, for READY. */
    Mono<ServerResponse> open(ServerRequest request) {
        String instance = instance(request);
        String sessionId = sessionId(request);
        return JsonBodies.checked(request, SessionRequests.Open.class).flatMap(body -> {
            boolean bot = Boolean.TRUE.equals(body.bot());
            Violations violations = new Violations();
            PresenceUpdate update = PresenceReader.read(body.presence(), bot, violations, "presence");
            violations.throwIfAny();
            JsonNode properties = body.properties();
            ClientInfo client = ClientInfo.fromProperties(text(properties, "os"), text(properties, "browser"));
            Snowflake user = Objects.requireNonNull(body.userId());
            List<Snowflake> guildIds = body.guildIds() == null ? List.of() : body.guildIds();
            return Mono.zip(
                            sessions.open(user, sessionId, instance, client, update),
                            bot ? Mono.just(List.<JsonNode>of()) : watched.of(user),
                            guildPresences.of(guildIds))
                    .flatMap(found -> ServerResponse.ok()
                            .bodyValue(Map.of(
                                    "sessions", found.getT1(),
                                    "presences", found.getT2(),
                                    "guild_presences", raw(found.getT3()))));
        });
    }

    /**
     * {@code POST .../presence-updates}: op 3s of the instance's sessions, each applied on its own; answers
     * each one's outcome in order, {@code applied}, {@code unknown_session} (its presence is gone) or
     * {@code invalid} (its presence broke a limit; the gateway closes that socket), and under {@code errors}
     * each invalid one's 50035 errors by its index.
     */
    Mono<ServerResponse> update(ServerRequest request) {
        String instance = instance(request);
        return JsonBodies.checked(request, SessionRequests.Updates.class)
                .flatMapMany(body -> Flux.fromIterable(Objects.requireNonNull(body.updates())))
                .flatMapSequential(update -> apply(instance, update), SessionRequests.Updates.MAX_UPDATES)
                .collectList()
                .flatMap(outcomes -> {
                    Map<String, Object> errors = new LinkedHashMap<>();
                    for (int i = 0; i < outcomes.size(); i++) {
                        Map<String, Object> refused = outcomes.get(i).errors();
                        if (refused != null) {
                            errors.put(Integer.toString(i), refused);
                        }
                    }
                    return ServerResponse.ok()
                            .bodyValue(Map.of(
                                    "outcomes",
                                    outcomes.stream().map(Outcome::outcome).toList(),
                                    "errors",
                                    errors));
                });
    }

    /** What came of one op 3, with why it was refused when it was. */
    private record Outcome(String outcome, @Nullable Map<String, Object> errors) {}

    private Mono<Outcome> apply(String instance, SessionRequests.Update update) {
        long start = System.nanoTime();
        return applyNow(instance, update)
                .doOnSuccess(outcome -> opThrees.record(System.nanoTime() - start, TimeUnit.NANOSECONDS));
    }

    private Mono<Outcome> applyNow(String instance, SessionRequests.Update update) {
        Violations violations = new Violations();
        PresenceUpdate presence =
                PresenceReader.read(update.presence(), Boolean.TRUE.equals(update.bot()), violations, "presence");
        if (!violations.isEmpty()) {
            return Mono.just(new Outcome("invalid", violations.toException().errors()));
        }
        return sessions.update(
                        Objects.requireNonNull(update.userId()),
                        Objects.requireNonNull(update.sessionId()),
                        instance,
                        presence)
                .map(found -> new Outcome(found ? "applied" : "unknown_session", null));
    }

    /** {@code DELETE .../sessions/{session_id}?user_id=}: 204 whether or not it was there. */
    Mono<ServerResponse> close(ServerRequest request) {
        String instance = instance(request);
        String sessionId = sessionId(request);
        Snowflake user = PathIds.optionalQuery(request, "user_id");
        if (user == null) {
            throw new Violations().required("user_id", null).toException();
        }
        return sessions.close(user, sessionId, instance)
                .then(ServerResponse.noContent().build());
    }

    /** {@code POST .../sessions/{session_id}/claim}: 204, or 404 10020 when its presence is gone. */
    Mono<ServerResponse> claim(ServerRequest request) {
        String instance = instance(request);
        String sessionId = sessionId(request);
        return JsonBodies.checked(request, SessionRequests.Claim.class)
                .flatMap(body -> sessions.claim(Objects.requireNonNull(body.userId()), sessionId, instance))
                .flatMap(found ->
                        found ? ServerResponse.noContent().build() : Mono.error(ApiErrors.unknown(Unknown.SESSION)));
    }

    /** {@code PUT /internal/gateway-instances/{instance}/lease}: {@code renewed} false when it had lapsed. */
    Mono<ServerResponse> lease(ServerRequest request) {
        String instance = instance(request);
        return JsonBodies.checked(request, SessionRequests.Lease.class)
                .flatMap(body -> store.renewLease(instance, Duration.ofMillis(Objects.requireNonNull(body.ttlMs()))))
                .flatMap(renewed -> ServerResponse.ok().bodyValue(Map.of("renewed", renewed)));
    }

    /** Each guild's presences as recorded, their JSON written out as it is rather than read and written again. */
    private ObjectNode raw(Map<Snowflake, List<String>> byGuild) {
        ObjectNode all = mapper.createObjectNode();
        byGuild.forEach((guild, presences) -> {
            ArrayNode list = all.putArray(guild.asString());
            presences.forEach(json -> list.addRawValue(new RawValue(json)));
        });
        return all;
    }

    private static String sessionId(ServerRequest request) {
        return plain(request, "session");
    }

    private static String instance(ServerRequest request) {
        return plain(request, "instance");
    }

    /** A path variable of at most 64 letters, digits, {@code _} and {@code -}. */
    private static String plain(ServerRequest request, String variable) {
        String value = request.pathVariable(variable);
        if (!isPlain(value)) {
            throw new Violations()
                    .add(variable, "BASE_TYPE_BAD_LENGTH", "Must be 1 to 64 letters, digits, _ or -.")
                    .toException();
        }
        return value;
    }

    /** An instance or session id: at most 64 letters, digits, {@code _} and {@code -}. */
    static boolean isPlain(String value) {
        return PLAIN.matcher(value).matches();
    }

    private static @Nullable String text(@Nullable JsonNode object, String field) {
        if (object == null) {
            return null;
        }
        JsonNode value = object.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }
}
