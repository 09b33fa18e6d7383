package dev.concord.platform.auth;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * One entry of {@code concord.auth.public-paths}: a path pattern ({@code /actuator/**}), open to every
 * method, or a method and a pattern ({@code GET /invites/*}), open to that method alone, so a resource
 * can be read without a token while changing it still needs one.
 */
record PublicPath(@Nullable HttpMethod method, PathPattern pattern) {

    static PublicPath parse(String entry) {
        String trimmed = entry.strip();
        int space = trimmed.indexOf(' ');
        if (space < 0) {
            return new PublicPath(null, PathPatternParser.defaultInstance.parse(trimmed));
        }
        return new PublicPath(
                HttpMethod.valueOf(trimmed.substring(0, space).toUpperCase(Locale.ROOT)),
                PathPatternParser.defaultInstance.parse(
                        trimmed.substring(space + 1).strip()));
    }

    boolean matches(HttpMethod requestMethod, PathContainer path) {
        return (method == null || method.equals(requestMethod)) && pattern.matches(path);
    }
}
