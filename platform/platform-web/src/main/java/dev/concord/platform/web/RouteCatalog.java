package dev.concord.platform.web;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * The routes a service's router functions answer, read once from the routes themselves. Functional routes
 * answer an unmatched request with 404 whatever the reason; this tells a wrong method (405) apart from
 * an unknown path (404), as the platform does. {@link #routes()} lists every route with its methods and
 * attributes ({@link RouteBody}, {@link RouteQuery}), for tests that walk them all.
 */
public final class RouteCatalog {

    /**
     * One route: its methods (empty when its predicate names none), its full path pattern, nested
     * prefixes included, and the attributes given to it with {@code withAttribute}.
     */
    public record Route(Set<HttpMethod> methods, String path, Map<String, Object> attributes) {

        public Route {
            methods = Collections.unmodifiableSet(new LinkedHashSet<>(methods));
            attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        }

        /** The attribute {@code name} as {@code type}, or null when the route has none of that type. */
        public <T> @Nullable T attribute(String name, Class<T> type) {
            Object value = attributes.get(name);
            return type.isInstance(value) ? type.cast(value) : null;
        }

        @Override
        public String toString() {
            return methods.stream().map(HttpMethod::name).sorted().toList() + " " + path;
        }
    }

    private final List<PathPattern> patterns = new ArrayList<>();
    private final List<Route> routes = new ArrayList<>();

    public RouteCatalog(List<RouterFunction<?>> routers) {
        for (RouterFunction<?> router : routers) {
            router.accept(new Collector());
        }
    }

    /**
     * True when some route has this path. Asked only after no route matched, so it means the path is
     * known and the method is not: a 405 rather than a 404.
     */
    boolean hasPath(ServerHttpRequest request) {
        PathContainer path = request.getPath().pathWithinApplication();
        return patterns.stream().anyMatch(pattern -> pattern.matches(path));
    }

    /** Every route, in the order the routers declare them. */
    public List<Route> routes() {
        return Collections.unmodifiableList(routes);
    }

    /** Walks the router functions; each route's predicate is read by a {@link PathReader}. */
    private final class Collector implements RouterFunctions.Visitor {
        private final PathReader paths = new PathReader();
        /** The attributes seen since the last route: a route's attributes are visited just before it. */
        private final Map<String, Object> pendingAttributes = new LinkedHashMap<>();

        @Override
        public void startNested(RequestPredicate predicate) {
            paths.prefixes.add("");
            paths.readingNestedPredicate = true;
            predicate.accept(paths);
            paths.readingNestedPredicate = false;
        }

        @Override
        public void endNested(RequestPredicate predicate) {
            paths.prefixes.remove(paths.prefixes.size() - 1);
        }

        @Override
        public void route(RequestPredicate predicate, HandlerFunction<?> handler) {
            paths.routePaths.clear();
            paths.routeMethods.clear();
            predicate.accept(paths);
            for (String path : paths.routePaths) {
                routes.add(new Route(paths.routeMethods, path, pendingAttributes));
            }
            pendingAttributes.clear();
        }

        @Override
        public void resources(Function<ServerRequest, Mono<Resource>> lookup) {}

        @Override
        public void attributes(Map<String, Object> attributes) {
            pendingAttributes.putAll(attributes);
        }

        @Override
        public void unknown(RouterFunction<?> routerFunction) {}
    }

    /** Collects the path patterns and methods of predicates, paths prefixed by the nested routes they sit in. */
    private final class PathReader implements RequestPredicates.Visitor {
        /** Path prefixes of the nested routes we are inside, outermost first. */
        private final List<String> prefixes = new ArrayList<>();
        /** The full paths and the methods of the route being read. */
        private final List<String> routePaths = new ArrayList<>();

        private final Set<HttpMethod> routeMethods = new LinkedHashSet<>();

        private boolean readingNestedPredicate;

        @Override
        public void path(String pattern) {
            if (readingNestedPredicate) {
                prefixes.set(prefixes.size() - 1, pattern);
            } else {
                String full = String.join("", prefixes) + pattern;
                patterns.add(PathPatternParser.defaultInstance.parse(full));
                routePaths.add(full);
            }
        }

        @Override
        public void method(Set<HttpMethod> methods) {
            routeMethods.addAll(methods);
        }

        @Override
        @SuppressWarnings("removal") // the visitor interface still declares it
        public void pathExtension(String extension) {}

        @Override
        public void header(String name, String value) {}

        @Override
        public void queryParam(String name, String value) {}

        @Override
        public void version(String version) {}

        @Override
        public void startAnd() {}

        @Override
        public void and() {}

        @Override
        public void endAnd() {}

        @Override
        public void startOr() {}

        @Override
        public void or() {}

        @Override
        public void endOr() {}

        @Override
        public void startNegate() {}

        @Override
        public void endNegate() {}

        @Override
        public void unknown(RequestPredicate predicate) {}
    }
}
