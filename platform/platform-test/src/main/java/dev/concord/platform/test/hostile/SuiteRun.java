package dev.concord.platform.test.hostile;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.TestTokens;
import dev.concord.platform.test.hostile.Probe.Expect;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteCatalog;
import dev.concord.platform.web.RouteQuery;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.util.AntPathMatcher;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** One run of the suite: builds each route's probes, sends them, and checks every answer. */
final class SuiteRun {

    private static final Pattern VARIABLE = Pattern.compile("\\{([^}/]+)}");
    private static final Set<HttpMethod> BODY_METHODS = Set.of(HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH);
    private static final String PLACEHOLDER = "__hostile_value__";

    /** Path ids that are not snowflakes at all; a route must refuse each. */
    private static final List<String> BAD_IDS =
            List.of("x", "-1", "1.5", "18446744073709551616", "99999999999999999999999", "%00", "%C0%AF", "%20");
    /** An id of the right form that names nothing: a change to it must be refused; a read may answer nothing. */
    private static final String NOTHING = "0";
    /** Other path values: codes, file names. Never a 5xx. */
    private static final List<String> BAD_STRINGS = List.of("%00", "%C0%AF", "%FF", "a".repeat(3000));

    private static final Map<RouteQuery.Kind, List<String>> BAD_QUERY_VALUES = Map.of(
            RouteQuery.Kind.FLAG, List.of("abc", "2", "tru", "%00"),
            RouteQuery.Kind.INTEGER, List.of("abc", "1.5", "99999999999999999999", "%00", ""),
            RouteQuery.Kind.SNOWFLAKE, List.of("x", "-1", "99999999999999999999", "1.5", "%00"),
            RouteQuery.Kind.TIMESTAMP, List.of("x", "2026-13-40T00:00:00Z", "1700000000", "%00"));

    private final HostileInputSuite suite;
    private final TestTokens tokens;
    private final Failures failures = new Failures();
    private final AnswerCheck answers;
    private final AntPathMatcher paths = new AntPathMatcher();
    private final String ownerToken;
    private final String otherToken;
    private final String botToken;
    private final String oauthToken;
    private final String passerByToken;
    private final List<HostileValues.Value> fieldValues;

    SuiteRun(HostileInputSuite suite) {
        this.suite = suite;
        this.tokens = Objects.requireNonNull(suite.tokens);
        Snowflake owner = Objects.requireNonNull(suite.owner);
        Snowflake other = Objects.requireNonNull(suite.other);
        this.answers = new AnswerCheck(
                new Sender(suite.port), Objects.requireNonNull(suite.storedState), suite.mapper, failures);
        this.ownerToken = tokens.user(owner);
        this.otherToken = tokens.user(other);
        this.botToken = tokens.bot(HostileInputSuite.BOT);
        this.oauthToken = tokens.oauth(owner, HostileInputSuite.APPLICATION);
        this.passerByToken = tokens.user(HostileInputSuite.PASSER_BY);
        this.fieldValues = HostileValues.forFields(1024 * 1024 + 1);
    }

    HostileInputReport run() {
        long start = System.nanoTime();
        checkConfigurationNamesRoutes();
        answers.takeBaseline();
        int routeCount = 0;
        for (RouteCatalog.Route route : suite.routes.routes()) {
            for (HttpMethod method : route.methods()) {
                routeCount++;
                probe(new RouteUnderTest(method, route));
            }
        }
        HostileInputReport report = new HostileInputReport(
                suite.service, routeCount, answers.requests(), (System.nanoTime() - start) / 1e9, failures);
        System.out.println(report.summary());
        return report;
    }

    /** A route with one method, and what the configuration says of it. */
    private final class RouteUnderTest {
        final HttpMethod method;
        final String pattern;
        final String key;
        final @Nullable RouteBody body;
        final @Nullable RouteQuery query;
        /** Declared public ({@code publicRoute}): it answers without a token, whoever calls. */
        final boolean publicByDesign;
        /**
         * Under the configured public paths: the filter lets a request without a token through, and the
         * route may answer it or still ask for one; a change to the owner's things is still theirs alone.
         */
        final boolean underPublicPath;

        final boolean isInternal;
        final List<String> variables = new ArrayList<>();

        RouteUnderTest(HttpMethod method, RouteCatalog.Route route) {
            this.method = method;
            this.pattern = route.path();
            this.key = method.name() + " " + pattern;
            this.body = route.attribute(RouteBody.ATTRIBUTE, RouteBody.class);
            this.query = route.attribute(RouteQuery.ATTRIBUTE, RouteQuery.class);
            this.publicByDesign = suite.publicRoutes.containsKey(key);
            this.underPublicPath = suite.publicPaths.stream().anyMatch(publicPath -> paths.match(publicPath, pattern));
            this.isInternal = pattern.startsWith("/internal/");
            Matcher matcher = VARIABLE.matcher(pattern);
            while (matcher.find()) {
                variables.add(matcher.group(1));
            }
        }

        boolean readsJson() {
            return body != null && body.hasBody();
        }

        /** The owner's resources: ids in the path that are not the caller's own ({@code @me}). */
        boolean onOwnersResources() {
            return !variables.isEmpty() && !pattern.contains("/@me");
        }

        String ownerAuthorization() {
            return isInternal && suite.internalAuthorization != null ? suite.internalAuthorization : ownerToken;
        }

        /** The path with every variable's fixture value, or {@code replaced} given {@code value}. */
        String path(@Nullable String replaced, @Nullable String value) {
            Matcher matcher = VARIABLE.matcher(pattern);
            StringBuilder path = new StringBuilder();
            while (matcher.find()) {
                String name = matcher.group(1);
                String fill = name.equals(replaced) ? value : fixture(name);
                matcher.appendReplacement(path, Matcher.quoteReplacement(Objects.requireNonNull(fill)));
            }
            matcher.appendTail(path);
            return path.toString();
        }

        String path() {
            return path(null, null);
        }

        /** The path variable's fixture value in this route: its own, else the suite's, else "1". */
        String fixture(String name) {
            String own = suite.routePathValues.getOrDefault(key, Map.of()).get(name);
            return own != null ? own : suite.pathValues.getOrDefault(name, "1");
        }

        byte @Nullable [] baseBody() {
            if (!readsJson()) {
                return null;
            }
            String valid = suite.validBodies.get(key);
            if (valid != null) {
                return valid.getBytes(StandardCharsets.UTF_8);
            }
            return HostileValues.json(shape().list() ? "[{}]" : "{}");
        }

        BodyShape shape() {
            return BodyShape.of(
                    Objects.requireNonNull(Objects.requireNonNull(body).type()), suite.mapper);
        }

        Probe probe(
                String variant,
                String path,
                @Nullable String authorization,
                byte @Nullable [] body,
                @Nullable String contentType,
                Expect expect) {
            return probe("", variant, path, authorization, body, contentType, expect);
        }

        Probe probe(
                String subject,
                String variant,
                String path,
                @Nullable String authorization,
                byte @Nullable [] body,
                @Nullable String contentType,
                Expect expect) {
            return new Probe(key, subject, variant, method, path, authorization, body, contentType, expect);
        }

        Probe probe(String variant, @Nullable String authorization, Expect expect) {
            byte[] body = baseBody();
            return probe(variant, path(), authorization, body, body == null ? null : Probe.JSON, expect);
        }
    }

    private void probe(RouteUnderTest route) {
        if (BODY_METHODS.contains(route.method) && route.body == null) {
            failures.add("route declares no RouteBody (RouteBody.json(Type) or RouteBody.none())", route.key);
        }
        for (String variable : route.variables) {
            if (!suite.pathValues.containsKey(variable)
                    && !suite.routePathValues.getOrDefault(route.key, Map.of()).containsKey(variable)) {
                failures.add(
                        "no fixture value for the path variable (pathValue(name, id))",
                        route.key + " {" + variable + "}");
            }
        }
        credentials(route);
        pathIds(route);
        queryParameters(route);
        if (route.readsJson()) {
            wholeBodies(route);
            fields(route);
        }
    }

    /** No token, bad tokens, an OAuth2 token without scopes, a bot's, another person's. */
    private void credentials(RouteUnderTest route) {
        boolean isPublic = route.publicByDesign || route.underPublicPath;
        Expect needsToken = route.publicByDesign
                ? Expect.NOT_UNAUTHORIZED
                : route.underPublicPath ? Expect.ANSWERED : Expect.UNAUTHORIZED;
        Expect badToken = isPublic ? Expect.ANSWERED : Expect.UNAUTHORIZED;
        check(route.probe("no token", null, needsToken));
        for (String bad : List.of("not-a-token", "Bot not.a.token", "Bearer not-a-token", "Internal not-the-secret")) {
            check(route.probe("bad token " + bad.split(" ")[0], bad, badToken));
        }
        if (route.isInternal) {
            check(route.probe("the owner's own token on an internal route", ownerToken, badToken));
            check(route.probe("a bot token on an internal route", botToken, badToken));
            return;
        }
        boolean oauthMay = isPublic || suite.oauthMay.containsKey(route.key);
        check(route.probe("OAuth2 token without scopes", oauthToken, oauthMay ? Expect.ANSWERED : Expect.REFUSED));
        boolean mustRefuseOthers = !route.publicByDesign
                && !(route.underPublicPath && route.method == HttpMethod.GET)
                && route.onOwnersResources()
                && !suite.othersMay.containsKey(route.key);
        Expect others = mustRefuseOthers ? Expect.REFUSED : Expect.ANSWERED;
        boolean mustRefuseBots =
                mustRefuseOthers || (suite.peopleOnly && !isPublic && !suite.botsMay.containsKey(route.key));
        check(route.probe(
                "a bot token" + (route.onOwnersResources() ? " on the owner's resources" : ""),
                botToken,
                mustRefuseBots ? Expect.REFUSED : Expect.ANSWERED));
        // Where others may act (join through an invite, say), a passer-by does, so that the other
        // person stays a stranger to the owner's resources for every other route.
        String another = suite.othersMay.containsKey(route.key) ? passerByToken : otherToken;
        check(route.probe("another person's token on the owner's resources", another, others));
    }

    /** Each path variable given values that are not ids, or ids of nothing. */
    private void pathIds(RouteUnderTest route) {
        byte[] body = route.baseBody();
        String contentType = body == null ? null : Probe.JSON;
        for (String variable : route.variables) {
            boolean isId = variable.endsWith("_id");
            Expect expect = isId ? Expect.REFUSED : Expect.ANSWERED;
            if (isId) {
                check(route.probe(
                        "{" + variable + "}",
                        "path id " + NOTHING + " (names nothing)",
                        route.path(variable, NOTHING),
                        route.ownerAuthorization(),
                        body,
                        contentType,
                        route.method == HttpMethod.GET
                                        || suite.readsOnly.containsKey(route.key)
                                        || suite.uncheckedIds.containsKey(variable)
                                ? Expect.ANSWERED
                                : expect));
            }
            for (String bad : isId ? BAD_IDS : BAD_STRINGS) {
                String shown = bad.length() > 20 ? bad.length() + " characters" : bad;
                check(route.probe(
                        "{" + variable + "}",
                        "path " + (isId ? "id " : "value ") + shown,
                        route.path(variable, bad),
                        route.ownerAuthorization(),
                        body,
                        contentType,
                        expect));
            }
        }
    }

    /** Each declared query parameter given values of the wrong kind. */
    private void queryParameters(RouteUnderTest route) {
        if (route.query == null) {
            return;
        }
        byte[] body = route.baseBody();
        String contentType = body == null ? null : Probe.JSON;
        route.query.parameters().forEach((name, kind) -> {
            for (String bad : BAD_QUERY_VALUES.getOrDefault(kind, List.of())) {
                check(route.probe(
                        "?" + name,
                        "query " + kind.name().toLowerCase() + " = " + bad,
                        route.path() + "?" + name + "=" + bad,
                        route.ownerAuthorization(),
                        body,
                        contentType,
                        Expect.REFUSED));
            }
        });
    }

    /** Bodies that are wrong as a whole: syntax, size, nesting, encoding, content type and charset. */
    private void wholeBodies(RouteUnderTest route) {
        String path = route.path();
        String auth = route.ownerAuthorization();
        byte[] valid = Objects.requireNonNull(route.baseBody());
        List<String[]> refused = new ArrayList<>(List.of(
                new String[] {"invalid JSON {", "{"},
                new String[] {"invalid JSON {\"a\":}", "{\"a\":}"},
                new String[] {"invalid JSON {\"a\" 1}", "{\"a\" 1}"},
                new String[] {"invalid JSON nul", "nul"},
                new String[] {"invalid JSON trailing }", new String(valid, StandardCharsets.UTF_8) + "}"},
                new String[] {"top-level string", "\"x\""},
                new String[] {"top-level number", "1"},
                new String[] {"top-level boolean", "true"},
                new String[] {
                    "top-level " + (route.shape().list() ? "object" : "array"),
                    route.shape().list() ? "{}" : "[]"
                },
                new String[] {"10,000 nested arrays", HostileValues.nestedArrays()}));
        for (String[] body : refused) {
            check(route.probe(body[0], path, auth, HostileValues.json(body[1]), Probe.JSON, Expect.REFUSED));
        }
        for (String[] body :
                List.of(new String[] {"empty body", ""}, new String[] {"whitespace body", "  \n"}, new String[] {
                    "top-level null", "null"
                })) {
            check(route.probe(body[0], path, auth, HostileValues.json(body[1]), Probe.JSON, Expect.ANSWERED));
        }
        check(route.probe("no body", path, auth, null, Probe.JSON, Expect.ANSWERED));
        check(route.probe("invalid UTF-8 in a key", path, auth, withInvalidUtf8Key(), Probe.JSON, Expect.REFUSED));
        int limit = Objects.requireNonNull(route.body).maxBytes();
        String oversized = "{\"oversized\":\"" + "a".repeat(limit + 1024) + "\"}";
        check(route.probe(
                "oversized body (past the limit)",
                path,
                auth,
                HostileValues.json(oversized),
                Probe.JSON,
                Expect.REFUSED));
        for (String contentType : List.of("text/plain", "application/xml", "application/octet-stream")) {
            check(route.probe("Content-Type " + contentType, path, auth, valid, contentType, Expect.REFUSED));
        }
        for (String contentType : List.of("application/x-www-form-urlencoded", "multipart/form-data; boundary=x")) {
            check(route.probe("Content-Type " + contentType, path, auth, valid, contentType, Expect.ANSWERED));
        }
        check(route.probe("no Content-Type", path, auth, valid, null, Expect.ANSWERED));
        check(route.probe("charset=bogus", path, auth, valid, "application/json; charset=bogus", Expect.REFUSED));
        check(route.probe("charset=\"", path, auth, valid, "application/json; charset=\"", Expect.REFUSED));
        for (String charset : List.of("utf-16", "iso-8859-1", "UTF-32BE")) {
            check(route.probe(
                    "charset=" + charset, path, auth, valid, "application/json; charset=" + charset, Expect.ANSWERED));
        }
    }

    private static byte[] withInvalidUtf8Key() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(HostileValues.json("{\""));
        out.writeBytes(HostileValues.INVALID_UTF8);
        out.writeBytes(HostileValues.json("\":1}"));
        return out.toByteArray();
    }

    /** Every field of the request type, in turn, given every hostile value; the rest of the body stays valid. */
    private void fields(RouteUnderTest route) {
        BodyShape shape = route.shape();
        if (shape.fields().isEmpty()) {
            failures.add("a JSON body type with no fields the mapper reads", route.key);
        }
        JsonNode base = suite.mapper.readTree(Objects.requireNonNull(route.baseBody()));
        for (BodyField field : shape.fields()) {
            byte[][] halves = around(base, field);
            for (HostileValues.Value value : fieldValues) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                body.writeBytes(halves[0]);
                body.writeBytes(value.json());
                body.writeBytes(halves[1]);
                check(route.probe(
                        "field " + field.name() + " (" + field.kind().name().toLowerCase() + ")",
                        "field value: " + value.label(),
                        route.path(),
                        route.ownerAuthorization(),
                        body.toByteArray(),
                        Probe.JSON,
                        value.mustBeRefusedBy(field.kind()) ? Expect.REFUSED : Expect.ANSWERED));
            }
        }
    }

    /** The base body as text before and after where {@code field}'s value goes. */
    private byte[][] around(JsonNode base, BodyField field) {
        JsonNode root = base.deepCopy();
        JsonNode container = root;
        if (container instanceof ArrayNode array) {
            if (array.isEmpty() || !array.get(0).isObject()) {
                array.removeAll();
                array.addObject();
            }
            container = array.get(0);
        }
        List<String> path = field.path();
        for (int i = 0; i < path.size() - 1; i++) {
            String segment = path.get(i);
            String next = path.get(i + 1);
            container = descend(container, segment, BodyShape.FIRST_ELEMENT.equals(next));
            if (BodyShape.FIRST_ELEMENT.equals(next)) {
                i++;
            }
        }
        ((ObjectNode) container).put(path.get(path.size() - 1), PLACEHOLDER);
        String text = suite.mapper.writeValueAsString(root);
        int at = text.indexOf("\"" + PLACEHOLDER + "\"");
        return new byte[][] {
            HostileValues.json(text.substring(0, at)), HostileValues.json(text.substring(at + PLACEHOLDER.length() + 2))
        };
    }

    /** The object at {@code name} in {@code node} (or in the first element of the array there), made if absent. */
    private static JsonNode descend(JsonNode node, String name, boolean intoArray) {
        ObjectNode object = (ObjectNode) node;
        if (intoArray) {
            JsonNode existing = object.get(name);
            ArrayNode array = existing instanceof ArrayNode a ? a : object.putArray(name);
            if (array.isEmpty() || !array.get(0).isObject()) {
                array.removeAll();
                array.addObject();
            }
            return array.get(0);
        }
        JsonNode existing = object.get(name);
        return existing instanceof ObjectNode o ? o : object.putObject(name);
    }

    private void check(Probe probe) {
        answers.check(probe);
    }

    /** Each route key in the configuration names a route: a stale exception is a failure. */
    private void checkConfigurationNamesRoutes() {
        Set<String> keys = new HashSet<>();
        for (RouteCatalog.Route route : suite.routes.routes()) {
            for (HttpMethod method : route.methods()) {
                keys.add(method.name() + " " + route.path());
            }
        }
        List<Set<String>> configured = List.of(
                suite.validBodies.keySet(),
                suite.publicRoutes.keySet(),
                suite.othersMay.keySet(),
                suite.oauthMay.keySet(),
                suite.botsMay.keySet(),
                suite.readsOnly.keySet(),
                suite.routePathValues.keySet());
        for (Set<String> routeKeys : configured) {
            for (String key : routeKeys) {
                if (!keys.contains(key)) {
                    failures.add("the suite's configuration names a route that does not exist", key);
                }
            }
        }
    }
}
