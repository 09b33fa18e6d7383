package dev.concord.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

class RouteCatalogTest {

    record Thing(String name) {}

    private static final HandlerFunction<ServerResponse> OK =
            request -> ServerResponse.ok().build();

    @Test
    void listsEveryRouteWithItsMethodsFullPathAndAttributes() {
        RouterFunction<ServerResponse> flat = RouterFunctions.route()
                .GET("/things", OK)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_counts"))
                .POST("/things", OK)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(Thing.class))
                .PATCH("/things", OK)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(new ParameterizedTypeReference<List<Thing>>() {}))
                .PUT("/things/{thing_id}/pin", OK)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE("/things/{thing_id}", OK)
                .build();
        RouterFunction<ServerResponse> nested = RouterFunctions.route()
                .nest(RequestPredicates.path("/users/{user_id}"), builder -> builder.GET("/notes", OK))
                .build();

        RouteCatalog catalog = new RouteCatalog(List.of(flat, nested));

        assertThat(catalog.routes())
                .extracting(RouteCatalog.Route::toString)
                .containsExactly(
                        "[GET] /things",
                        "[POST] /things",
                        "[PATCH] /things",
                        "[PUT] /things/{thing_id}/pin",
                        "[DELETE] /things/{thing_id}",
                        "[GET] /users/{user_id}/notes");
        List<RouteCatalog.Route> routes = catalog.routes();
        assertThat(routes.get(0).attribute(RouteQuery.ATTRIBUTE, RouteQuery.class))
                .isEqualTo(RouteQuery.of().flag("with_counts"));
        assertThat(routes.get(0).attribute(RouteBody.ATTRIBUTE, RouteBody.class))
                .isNull();
        assertThat(routes.get(1).attribute(RouteBody.ATTRIBUTE, RouteBody.class))
                .isEqualTo(RouteBody.json(Thing.class));
        assertThat(routes.get(2)
                        .attribute(RouteBody.ATTRIBUTE, RouteBody.class)
                        .type()
                        .getTypeName())
                .isEqualTo("java.util.List<" + Thing.class.getName() + ">");
        assertThat(routes.get(3).attribute(RouteBody.ATTRIBUTE, RouteBody.class).hasBody())
                .isFalse();
        assertThat(routes.get(4).attributes()).isEmpty();
        assertThat(routes.get(4).methods()).isEqualTo(Set.of(HttpMethod.DELETE));
    }
}
