package dev.concord.platform.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
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
 * The paths a service's router functions answer, read once from the routes themselves. Functional routes
 * answer an unmatched request with 404 whatever the reason; this tells a wrong method (405) apart from
 * an unknown path (404), as the platform does.
 */
public final class RouteCatalog {

    private final List<PathPattern> patterns = new ArrayList<>();

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

    /** Walks the router functions; each route's predicate is read by a {@link PathReader}. */
    private final class Collector implements RouterFunctions.Visitor {
        private final PathReader paths = new PathReader();

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
            predicate.accept(paths);
        }

        @Override
        public void resources(Function<ServerRequest, Mono<Resource>> lookup) {}

        @Override
        public void attributes(Map<String, Object> attributes) {}

        @Override
        public void unknown(RouterFunction<?> routerFunction) {}
    }

    /** Collects the path patterns of predicates, prefixed by the nested routes they sit in. */
    private final class PathReader implements RequestPredicates.Visitor {
        /** Path prefixes of the nested routes we are inside, outermost first. */
        private final List<String> prefixes = new ArrayList<>();

        private boolean readingNestedPredicate;

        @Override
        public void path(String pattern) {
            if (readingNestedPredicate) {
                prefixes.set(prefixes.size() - 1, pattern);
            } else {
                patterns.add(PathPatternParser.defaultInstance.parse(String.join("", prefixes) + pattern));
            }
        }

        @Override
        public void method(Set<HttpMethod> methods) {}

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
