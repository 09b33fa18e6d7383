package dev.concord.platform.users;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * remote-auth-service's {@code GET /internal/users?ids=...} (docs/internal-api.md): the users a replica
 * misses, asked of their owner in as few calls as the contract allows, never one call per user.
 *
 * <p>Bodies are read as trees with the contract's field names, so they do not depend on how the given
 * client's JSON mapper names properties.
 */
public final class UserOwnerClient {

    /** Ids per request, as the contract allows: 100 ids keep the request line near 2 KB. */
    public static final int MAX_IDS = 100;

    private static final Logger log = LoggerFactory.getLogger(UserOwnerClient.class);

    private final @Nullable WebClient client;
    private final String authorization;
    private final Duration timeout;

    /**
     * @param client remote-auth-service (its base URL set); null when the service was not told where it is,
     *     and then every lookup is answered as if it were down
     */
    public UserOwnerClient(@Nullable WebClient client, String internalSecret, Duration timeout) {
        this.client = client;
        this.authorization = InternalCredential.header(internalSecret);
        this.timeout = timeout;
    }

    /**
     * The users of {@code ids} that exist, in batches of {@link #MAX_IDS}. Any failure to get an answer (not
     * configured, unreachable, slow, an error status, an unreadable body) is a 503 in the platform's shape:
     * the caller cannot render its object without them, and a user without a username is a body clients
     * cannot parse (JDA and Discord4J fail on it), so "try again" is the honest answer.
     */
    public Flux<PartialUser> fetch(List<Snowflake> ids) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        WebClient owner = client;
        if (owner == null) {
            return Flux.error(unavailable());
        }
        List<List<Snowflake>> batches = new ArrayList<>();
        for (int start = 0; start < ids.size(); start += MAX_IDS) {
            batches.add(ids.subList(start, Math.min(ids.size(), start + MAX_IDS)));
        }
        return Flux.fromIterable(batches).flatMap(batch -> batch(owner, batch), 4);
    }

    /** The user of this username (any case), if one has it; failures as for {@link #fetch}. */
    public Mono<PartialUser> fetchByUsername(String username) {
        WebClient owner = client;
        if (owner == null) {
            return Mono.error(unavailable());
        }
        return ask(owner, "username", username, 1).next();
    }

    private Flux<PartialUser> batch(WebClient owner, List<Snowflake> ids) {
        String joined = ids.stream().map(Snowflake::asString).collect(Collectors.joining(","));
        return ask(owner, "ids", joined, ids.size());
    }

    /** Values go in as template variables, encoded: a username may hold characters a query gives meaning to. */
    private Flux<PartialUser> ask(WebClient owner, String parameter, String value, int asked) {
        return owner.get()
                .uri(uri -> uri.path("/internal/users")
                        .queryParam(parameter, "{value}")
                        .build(value))
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .accept(MediaType.APPLICATION_JSON)
                .retrieve()
                .bodyToMono(JsonNode.class)
                .timeout(timeout)
                .flatMapIterable(UserOwnerClient::read)
                .onErrorMap(error -> {
                    // The class only: a message could quote a body, and logs never carry one.
                    log.warn(
                            "remote-auth-service did not answer {} users: {}",
                            asked,
                            error.getClass().getName());
                    return unavailable();
                });
    }

    private static List<PartialUser> read(JsonNode body) {
        if (!body.isArray()) {
            throw new IllegalStateException("remote-auth-service answered users without an array");
        }
        List<PartialUser> users = new ArrayList<>(body.size());
        for (JsonNode user : body) {
            users.add(new PartialUser(
                    Snowflake.parse(user.path("id").asString()),
                    requiredText(user, "username"),
                    user.path("discriminator").isString()
                            ? user.path("discriminator").asString()
                            : "0",
                    text(user, "global_name"),
                    text(user, "avatar"),
                    user.path("public_flags").asLong(0),
                    user.path("bot").asBoolean(false)));
        }
        return users;
    }

    private static String requiredText(JsonNode user, String field) {
        String value = text(user, field);
        if (value == null) {
            throw new IllegalStateException("remote-auth-service answered a user without " + field);
        }
        return value;
    }

    private static @Nullable String text(JsonNode user, String field) {
        JsonNode value = user.path(field);
        return value.isString() ? value.asString() : null;
    }

    static ApiException unavailable() {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable");
    }
}
