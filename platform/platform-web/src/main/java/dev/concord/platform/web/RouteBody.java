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
 * A route whose handler reads more than {@link JsonBodies#DEFAULT_MAX_BYTES} says so with {@link
 * #upTo(int)}, naming the same constant its handler passes to {@link JsonBodies}.
 *
 * @param type the JSON body's Java type, or null for a route that reads no body
 * @param maxBytes the largest body the route reads; one byte more is 413 40005
 */
public record RouteBody(@Nullable Type type, int maxBytes) {

    /** The route attribute's name. */
    public static final String ATTRIBUTE = RouteBody.class.getName();

    private static final RouteBody NONE = new RouteBody(null, 0);

    /** The route reads a JSON body of this type. */
    public static RouteBody json(Class<?> type) {
        return new RouteBody(type, JsonBodies.DEFAULT_MAX_BYTES);
    }

    /** The route reads a JSON body of this generic type (a list, say). */
    public static RouteBody json(ParameterizedTypeReference<?> type) {
        return new RouteBody(type.getType(), JsonBodies.DEFAULT_MAX_BYTES);
    }

    /** This body, read up to {@code bytes} instead of the platform's 1 MiB (a route that takes images). */
    public RouteBody upTo(int bytes) {
        return new RouteBody(type, bytes);
    }

    /** The route reads no body, whatever its method. */
    public static RouteBody none() {
        return NONE;
    }

    public boolean hasBody() {
        return type != null;
    }
}
