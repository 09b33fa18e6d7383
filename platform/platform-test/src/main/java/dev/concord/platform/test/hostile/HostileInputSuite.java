package dev.concord.platform.test.hostile;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.TestTokens;
import dev.concord.platform.web.RouteCatalog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;

/**
 * Every route of a service, as its {@link RouteCatalog} lists them, called with hostile input, so a route
 * added tomorrow is covered without anyone listing it. For each route: no token, bad tokens, an OAuth2
 * token without scopes, a bot's token, another person's token on the owner's resources, path ids that
 * are not snowflakes, bad query parameters ({@link dev.concord.platform.web.RouteQuery}); for each route
 * with a JSON body ({@link dev.concord.platform.web.RouteBody}): invalid, empty, oversized and deeply
 * nested bodies, wrong content types and charsets, and every field of the request type (read with the
 * service's own mapper) given wrong JSON types, long and 1 MB strings, NUL, invalid UTF-8 and lone
 * surrogates, numbers past 2^63 and below zero, malformed snowflakes and deep nesting.
 *
 * <p>Every answer must be below 500, every 4xx in the platform's error shape ({@code message} string,
 * integer {@code code}, an {@code errors} object with 50035), and a refused request must leave the
 * service's stored state as it was ({@link StoredState}). A value no field of its kind could take must be
 * refused. All failures of a run are reported together, grouped, in one assertion:
 *
 * <pre>{@code
 * HostileInputSuite.of("guild-service", routes, port, mapper)
 *         .callers(tokens, owner, stranger)
 *         .pathValue("guild_id", guild)
 *         .storedState(StoredState.of(db))
 *         .run()
 *         .assertNoFailures();
 * }</pre>
 */
public final class HostileInputSuite {

    /** The id of the bot whose token the suite sends: no fixture belongs to it. */
    static final Snowflake BOT = Snowflake.of(4_242_424_242_424_242L);
    /** A person who may change things where {@link #othersMay} allows it, and nowhere else. */
    static final Snowflake PASSER_BY = Snowflake.of(4_242_424_242_424_243L);
    /** The application the OAuth2 token (granted no scope) is for. */
    static final Snowflake APPLICATION = Snowflake.of(1);

    final String service;
    final RouteCatalog routes;
    final int port;
    final ObjectMapper mapper;

    @Nullable
    TestTokens tokens;

    @Nullable
    Snowflake owner;

    @Nullable
    Snowflake other;

    @Nullable
    String internalAuthorization;

    final Map<String, String> pathValues = new LinkedHashMap<>();
    /** Per route ({@code METHOD /path/{pattern}}): values that stand in for {@link #pathValues} there. */
    final Map<String, Map<String, String>> routePathValues = new LinkedHashMap<>();

    final Map<String, String> validBodies = new LinkedHashMap<>();
    final Map<String, String> publicRoutes = new LinkedHashMap<>();
    final List<String> publicPaths = new ArrayList<>();
    final Map<String, String> othersMay = new LinkedHashMap<>();
    final Map<String, String> uncheckedIds = new LinkedHashMap<>();
    final Map<String, String> readsOnly = new LinkedHashMap<>();
    final Map<String, String> oauthMay = new LinkedHashMap<>();
    final Map<String, String> botsMay = new LinkedHashMap<>();
    boolean peopleOnly;

    @Nullable
    Supplier<String> storedState;

    private HostileInputSuite(String service, RouteCatalog routes, int port, ObjectMapper mapper) {
        this.service = service;
        this.routes = routes;
        this.port = port;
        this.mapper = mapper;
    }

    /** The suite for the service listening on {@code port}, its routes and its own JSON mapper. */
    public static HostileInputSuite of(String service, RouteCatalog routes, int port, ObjectMapper mapper) {
        return new HostileInputSuite(service, routes, port, mapper);
    }

    /**
     * Who calls: {@code owner}, the person who owns every fixture named by {@link #pathValue}, and
     * {@code other}, a person who owns none of them. Their tokens, a bot's and an OAuth2 token of the
     * owner's are minted with {@code tokens}.
     */
    public HostileInputSuite callers(TestTokens tokens, Snowflake owner, Snowflake other) {
        this.tokens = tokens;
        this.owner = owner;
        this.other = other;
        return this;
    }

    /** The {@code Authorization} header {@code /internal/**} routes take, as the owner's credential there. */
    public HostileInputSuite internalAuthorization(String authorization) {
        this.internalAuthorization = authorization;
        return this;
    }

    /** The value of path variable {@code name} in every route: an existing thing the owner may act on. */
    public HostileInputSuite pathValue(String name, String value) {
        pathValues.put(name, value);
        return this;
    }

    /**
     * The value of path variable {@code name} in {@code route} ({@code METHOD /path/{pattern}}) alone: for a
     * route whose resource is of another kind than the same variable names elsewhere (a group DM where the
     * other routes' {@code channel_id} is a guild channel, say).
     */
    public HostileInputSuite pathValue(String route, String name, String value) {
        routePathValues.computeIfAbsent(route, key -> new LinkedHashMap<>()).put(name, value);
        return this;
    }

    /**
     * A body {@code route} ({@code METHOD /path/{pattern}}) accepts, which each hostile field value is put
     * into in place of the field's own, and which the token and path probes send. Without one the suite
     * sends {@code {}}.
     */
    public HostileInputSuite validBody(String route, String json) {
        validBodies.put(route, json);
        return this;
    }

    /**
     * The service's {@code concord.auth.public-paths} ({@code AuthSettings}): a route under them may
     * answer without a token or still ask for one (the filter matches paths, not methods), and anyone
     * may read it; a change to the owner's things is still refused to others.
     */
    public HostileInputSuite publicPaths(List<String> patterns) {
        publicPaths.addAll(patterns);
        return this;
    }

    /**
     * {@code route} answers without a token, and anyone, by design ({@code why}), whatever the
     * configuration says: one that answers 401 without a token fails.
     */
    public HostileInputSuite publicRoute(String route, String why) {
        publicRoutes.put(route, why);
        return this;
    }

    /**
     * Another person (or a bot) may call {@code route} on the owner's resources, {@code why}. Elsewhere a
     * route whose path names the owner's things (ids, not {@code @me}) must refuse them, reads included.
     */
    public HostileInputSuite othersMay(String route, String why) {
        othersMay.put(route, why);
        return this;
    }

    /**
     * Path variable {@code variable} names something this service keeps no record of, {@code why}: a
     * change naming id 0 there may succeed. Elsewhere a change to an id that names nothing is refused.
     */
    public HostileInputSuite uncheckedId(String variable, String why) {
        uncheckedIds.put(variable, why);
        return this;
    }

    /**
     * {@code route} changes nothing though its method is not GET (a question asked with a body, {@code why}):
     * like a read, it may answer for an id that names nothing. Its other probes stay as they are.
     */
    public HostileInputSuite readsOnly(String route, String why) {
        readsOnly.put(route, why);
        return this;
    }

    /**
     * Every route of the service is a person's own (as social-service's are): a bot's token must be
     * refused on each but those {@link #botsMay} names. Without this, bots are refused only on the
     * owner's resources.
     */
    public HostileInputSuite peopleOnly() {
        this.peopleOnly = true;
        return this;
    }

    /** On a {@link #peopleOnly} service, a bot may call {@code route}, {@code why}. */
    public HostileInputSuite botsMay(String route, String why) {
        botsMay.put(route, why);
        return this;
    }

    /** An OAuth2 token granted no scope may call {@code route}, {@code why}. */
    public HostileInputSuite oauthMay(String route, String why) {
        oauthMay.put(route, why);
        return this;
    }

    /** The fingerprint of the service's stored state, usually {@link StoredState#of}. */
    public HostileInputSuite storedState(Supplier<String> fingerprint) {
        this.storedState = fingerprint;
        return this;
    }

    /** Calls every route and answers what went wrong; prints a summary. */
    public HostileInputReport run() {
        Objects.requireNonNull(tokens, "callers(...) first");
        Objects.requireNonNull(storedState, "storedState(...) first");
        return new SuiteRun(this).run();
    }
}
