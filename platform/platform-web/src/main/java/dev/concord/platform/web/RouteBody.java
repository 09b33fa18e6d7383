package dev.concord.platform.web;

import java.lang.reflect.Type;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ParameterizedTypeReference;

/**
 * What a route reads from its body, declared on the route itself so tools that walk the routes (the
 * hostile-input suite) know it without anyone listing it:
 *
 * <pre>{@code
 * .PATCH("/guilds/{guild_id}", handler::modify)
 * .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GuildModifyRequest.class))
 * }</pre>
 *
 * Every {@code POST}, {@code PUT} and {@code PATCH} route says either the JSON type it reads or
 * {@link #none()}; a test of each service fails on a route that says neither.
 *
 * @param type the JSON body's Java type, or null for a route that reads no body
 */
public record RouteBody(@Nullable Type type) {

    /** The route attribute's name. */
    public static final String ATTRIBUTE = RouteBody.class.getName();

    private static final RouteBody NONE = new RouteBody(null);

    /** The route reads a JSON body of this type. */
    public static RouteBody json(Class<?> type) {
        return new RouteBody(type);
    }

    /** The route reads a JSON body of this generic type (a list, say). */
    public static RouteBody json(ParameterizedTypeReference<?> type) {
        return new RouteBody(type.getType());
    }

    /** The route reads no body, whatever its method. */
    public static RouteBody none() {
        return NONE;
    }

    public boolean hasBody() {
        return type != null;
    }
}
