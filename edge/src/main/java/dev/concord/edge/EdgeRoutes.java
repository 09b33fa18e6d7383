package dev.concord.edge;

import dev.concord.edge.routing.RouteTable;
import java.net.URI;
import java.util.Objects;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * One gateway route per service. The route table, not the gateway's route order, decides the owner: it
 * is resolved once per request and every route's predicate only compares against that answer, so the
 * routes are mutually exclusive and precedence lives in routes.yaml alone.
 */
@Configuration(proxyBeanMethods = false)
class EdgeRoutes {

    private static final String MATCH = EdgeRoutes.class.getName() + ".match";
    private static final RouteTable.Match NO_OWNER = new RouteTable.Match(null, null, false);

    @Bean
    RouteTable routeTable() {
        return RouteTable.load();
    }

    @Bean
    RouteLocator edgeRouteLocator(RouteLocatorBuilder builder, RouteTable table, EdgeProperties properties) {
        EdgeProperties.Services services = Objects.requireNonNull(properties.services(), "concord.edge.services is not set");
        RouteLocatorBuilder.Builder routes = builder.routes();
        for (String service : table.services()) {
            URI target = services.uriOf(service);
            routes.route(service, route -> route
                    .predicate(exchange -> service.equals(match(exchange, table).service()))
                    .filters(filters -> filters.filter(EdgeRoutes::forwardUnprefixed))
                    .uri(target));
        }
        return routes.build();
    }

    private static RouteTable.Match match(ServerWebExchange exchange, RouteTable table) {
        return (RouteTable.Match) exchange.getAttributes().computeIfAbsent(MATCH, key -> {
            RouteTable.Match found = table.resolve(exchange.getRequest().getPath().pathWithinApplication());
            return found != null ? found : NO_OWNER;
        });
    }

    /** Services serve unversioned paths; the query string is kept as it came. */
    private static Mono<Void> forwardUnprefixed(ServerWebExchange exchange, GatewayFilterChain chain) {
        RouteTable.Match match = exchange.getAttribute(MATCH);
        if (match == null || !match.prefixed()) {
            return chain.filter(exchange);
        }
        ServerHttpRequest request = exchange.getRequest().mutate().path(match.forwardPath().value()).build();
        return chain.filter(exchange.mutate().request(request).build());
    }
}
