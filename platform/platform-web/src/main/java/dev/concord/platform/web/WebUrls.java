package dev.concord.platform.web;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Links people put in objects others open: the platform takes http(s) URLs with a host, and nothing else. */
public final class WebUrls {

    /** The longest URL the platform keeps. */
    public static final int MAX_LENGTH = 2048;

    private WebUrls() {}

    /** Whether {@code value} is an http or https URL with a host, at most {@link #MAX_LENGTH} long. */
    public static boolean isWebUrl(@Nullable String value) {
        if (value == null || value.length() > MAX_LENGTH) {
            return false;
        }
        URI uri = parse(value);
        return uri != null && isWeb(uri) && uri.getHost() != null;
    }

    /** Adds the platform's 50035 error under {@code field} when a sent URL is not a web URL; null passes. */
    public static void check(Violations violations, String field, @Nullable String value) {
        if (value != null && !isWebUrl(value)) {
            violations.add(field, "URL_TYPE_INVALID_URL", "Not a well formed URL.");
        }
    }

    public static boolean isWeb(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme.equals("https") || scheme.equals("http");
    }

    /** The URI, or null when it is blank or not one. */
    public static @Nullable URI parse(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return new URI(value);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
