package dev.concord.platform.test.schema;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteCatalog;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Each route's request type ({@link RouteBody}) compared with the request body schema of the
 * description's operation with the same method and path template. The platform ignores fields it does
 * not know but refuses a wrongly typed value in a field it does know; a field its schema has and our
 * type does not read is one where we would take what the platform refuses. Such a field fails the check
 * unless it is listed with {@link #notModelled} and a reason; a listed field that our type now reads, or
 * that the description no longer has, fails too. Fields we read that the description lacks are only
 * reported. Field names are compared top level and one level down ({@code roles[].name}).
 *
 * <pre>{@code
 * RequestSchemaCheck.of("guild-service", routes, mapper)
 *         .notModelled("PATCH /guilds/{guild_id}", List.of("region"), "deprecated on the platform")
 *         .run()
 *         .assertNoGaps();
 * }</pre>
 */
public final class RequestSchemaCheck {

    /** A field {@code route} ({@code METHOD /our/path}) does not read, and why. */
    private record Listed(String route, String field, String why) {}

    private final String service;
    private final RouteCatalog routes;
    private final ObjectMapper mapper;
    private final PlatformSpec spec;
    private final List<Listed> listed = new ArrayList<>();

    private RequestSchemaCheck(String service, RouteCatalog routes, ObjectMapper mapper, PlatformSpec spec) {
        this.service = service;
        this.routes = routes;
        this.mapper = mapper;
        this.spec = spec;
    }

    /** The check of {@code service}'s routes, their types read with the service's own {@code mapper}. */
    public static RequestSchemaCheck of(String service, RouteCatalog routes, ObjectMapper mapper) {
        return new RequestSchemaCheck(service, routes, mapper, PlatformSpec.shared());
    }

    /** {@code route}'s request type does not read {@code fields} of the platform's schema, {@code why}. */
    public RequestSchemaCheck notModelled(String route, List<String> fields, String why) {
        for (String field : fields) {
            listed.add(new Listed(route, field, why));
        }
        return this;
    }

    /** Compares every route that has both a JSON body type and an operation with a JSON request schema. */
    public Report run() {
        Map<String, String> compared = new LinkedHashMap<>();
        List<String> withoutOperation = new ArrayList<>();
        Map<String, Set<String>> missing = new LinkedHashMap<>();
        Map<String, Set<String>> extra = new LinkedHashMap<>();
        for (RouteCatalog.Route route : routes.routes()) {
            RouteBody body = route.attribute(RouteBody.ATTRIBUTE, RouteBody.class);
            Type type = body == null ? null : body.type();
            if (type == null) {
                continue;
            }
            for (HttpMethod method : route.methods()) {
                String key = method.name() + " " + route.path();
                PlatformSpec.Operation operation = spec.operation(method.name(), route.path());
                JsonNode schema = operation == null ? null : spec.requestSchema(operation);
                if (operation == null || schema == null) {
                    withoutOperation.add(key);
                    continue;
                }
                compared.put(key, operation.id());
                Set<String> ours = RequestFields.ours(type, mapper);
                Set<String> platforms = RequestFields.platforms(schema, spec);
                missing.put(key, onlyIn(platforms, ours));
                extra.put(key, onlyIn(ours, platforms));
            }
        }
        return new Report(service, compared, withoutOperation, missing, extra, List.copyOf(listed));
    }

    /** The names of {@code these} that {@code others} lacks, a nested one only where its parent is an object in both. */
    private static Set<String> onlyIn(Set<String> these, Set<String> others) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : these) {
            if (others.contains(name)) {
                continue;
            }
            String parent = parentOf(name);
            if (parent == null || (others.contains(parent) && hasChildren(others, parent))) {
                names.add(name);
            }
        }
        return names;
    }

    private static @Nullable String parentOf(String name) {
        int dot = name.indexOf('.');
        if (dot < 0) {
            return null;
        }
        String parent = name.substring(0, dot);
        return parent.endsWith("[]") ? parent.substring(0, parent.length() - 2) : parent;
    }

    private static boolean hasChildren(Set<String> names, String parent) {
        return names.stream().anyMatch(name -> name.startsWith(parent + ".") || name.startsWith(parent + "[]."));
    }

    /** What a run found. */
    public static final class Report {
        private final String service;
        private final Map<String, String> compared;
        private final List<String> withoutOperation;
        private final Map<String, Set<String>> missing;
        private final Map<String, Set<String>> extra;
        private final List<Listed> listed;

        private Report(
                String service,
                Map<String, String> compared,
                List<String> withoutOperation,
                Map<String, Set<String>> missing,
                Map<String, Set<String>> extra,
                List<Listed> listed) {
            this.service = service;
            this.compared = compared;
            this.withoutOperation = withoutOperation;
            this.missing = missing;
            this.extra = extra;
            this.listed = listed;
        }

        /** The routes compared ({@code METHOD /path}), each with its operation's id. */
        public Map<String, String> compared() {
            return compared;
        }

        /** Routes with a body type but no operation of the description with a JSON request body. */
        public List<String> withoutOperation() {
            return withoutOperation;
        }

        /** Per route, the platform's fields our type does not read, listed or not. */
        public Map<String, Set<String>> notModelled() {
            return missing;
        }

        /** Per route, the fields we read that the platform's schema lacks (informational). */
        public Map<String, Set<String>> ourOwn() {
            return extra;
        }

        /**
         * Fails on a platform field our type does not read and no entry lists, and on an entry that
         * names a route not compared, or a field our type now reads or the description lacks; prints
         * a summary either way.
         */
        public void assertNoGaps() {
            List<String> failures = new ArrayList<>();
            missing.forEach((route, fields) -> {
                for (String field : fields) {
                    if (listed.stream()
                            .noneMatch(entry ->
                                    entry.route().equals(route) && entry.field().equals(field))) {
                        failures.add(route + " (" + compared.get(route) + "): the platform's field " + field
                                + " is not read by our request type");
                    }
                }
            });
            for (Listed entry : listed) {
                Set<String> fields = missing.get(entry.route());
                if (fields == null) {
                    failures.add("Stale entry: " + entry.route() + " is not a compared route (" + entry.why() + ")");
                } else if (!fields.contains(entry.field())) {
                    failures.add("Stale entry: " + entry.route() + " " + entry.field()
                            + " is read by our request type now, or not a field of the platform's schema ("
                            + entry.why() + ")");
                }
            }
            System.out.println(summary());
            if (!failures.isEmpty()) {
                throw new AssertionError(service + ": request types and the platform's request schemas differ:\n  "
                        + String.join("\n  ", failures)
                        + "\nModel a field with the platform's validation, or list it with notModelled and the"
                        + " reason; remove a stale entry.");
            }
        }

        /** What was compared, what is listed and what we read beyond the platform, for the test's output. */
        public String summary() {
            StringBuilder text = new StringBuilder(service)
                    .append(": ")
                    .append(compared.size())
                    .append(" routes compared with the platform's request schemas");
            if (!withoutOperation.isEmpty()) {
                text.append("; with a body but no operation of the description: ")
                        .append(withoutOperation);
            }
            for (Listed entry : listed) {
                text.append("\n  not modelled: ")
                        .append(entry.route())
                        .append(' ')
                        .append(entry.field())
                        .append(" (")
                        .append(entry.why())
                        .append(')');
            }
            extra.forEach((route, fields) -> {
                if (!fields.isEmpty()) {
                    text.append("\n  ours only: ").append(route).append(' ').append(fields);
                }
            });
            return text.toString();
        }
    }
}
