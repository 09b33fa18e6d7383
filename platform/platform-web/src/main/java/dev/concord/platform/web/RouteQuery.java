package dev.concord.platform.web;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The query parameters a route reads and of what kind, declared on the route so tools that walk the
 * routes know them:
 *
 * <pre>{@code
 * .DELETE("/users/@me/relationships", handler::declineIncoming)
 * .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("only_spam"))
 * }</pre>
 *
 * @param parameters each parameter's name and kind, in the order declared
 */
public record RouteQuery(Map<String, Kind> parameters) {

    /** The route attribute's name. */
    public static final String ATTRIBUTE = RouteQuery.class.getName();

    /** How a parameter is read: {@link QueryParams#flag}, {@link QueryParams#integer}, {@link PathIds}. */
    public enum Kind {
        FLAG,
        INTEGER,
        SNOWFLAKE,
        /** An ISO-8601 time with its offset, as the platform's {@code before} of archived threads. */
        TIMESTAMP
    }

    public RouteQuery {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** No parameters yet; add them with {@link #flag}, {@link #integer}, {@link #snowflake}, {@link #timestamp}. */
    public static RouteQuery of() {
        return new RouteQuery(Map.of());
    }

    public RouteQuery flag(String name) {
        return with(name, Kind.FLAG);
    }

    public RouteQuery integer(String name) {
        return with(name, Kind.INTEGER);
    }

    public RouteQuery snowflake(String name) {
        return with(name, Kind.SNOWFLAKE);
    }

    public RouteQuery timestamp(String name) {
        return with(name, Kind.TIMESTAMP);
    }

    private RouteQuery with(String name, Kind kind) {
        Map<String, Kind> more = new LinkedHashMap<>(parameters);
        more.put(name, kind);
        return new RouteQuery(more);
    }
}
