package dev.concord.remoteauth.pages;

import dev.concord.remoteauth.qr.RemoteAuthSettings;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;

/**
 * What a QR code points at before the fingerprint ({@code ra_url}): {@code concord.remote-auth.ra-url}
 * when set, else this host's approval page as the client reached it. Behind the edge (and the
 * ingress) the client's host and scheme arrive as {@code X-Forwarded-Host} and
 * {@code X-Forwarded-Proto}, which the edge sets from what it saw, never from the client.
 */
@Component
class RaUrls {

    static final String PHONE_PAGE = "/remote-auth/ra";

    /** A host name or IP literal and an optional port: nothing a header could smuggle into a URL. */
    private static final Pattern HOST =
            Pattern.compile("(?:[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63})*|\\[[0-9A-Fa-f:.]{2,45}])(?::[0-9]{1,5})?");

    private static final int MAX_HOST = 260;

    private final String configured;

    @Autowired
    RaUrls(RemoteAuthSettings settings) {
        this(settings.raUrl());
    }

    RaUrls(String configured) {
        String raUrl = configured == null ? "" : configured.trim();
        while (raUrl.endsWith("/")) {
            raUrl = raUrl.substring(0, raUrl.length() - 1);
        }
        this.configured = raUrl;
    }

    /** {@code ra_url}, without a trailing slash. */
    String base(ServerHttpRequest request) {
        if (!configured.isEmpty()) {
            return configured;
        }
        return scheme(request) + "://" + host(request) + PHONE_PAGE;
    }

    /** The link a QR code shows for {@code fingerprint}. */
    String link(ServerHttpRequest request, String fingerprint) {
        return base(request) + "/" + fingerprint;
    }

    private static String scheme(ServerHttpRequest request) {
        String forwarded = first(request.getHeaders().getFirst("X-Forwarded-Proto"));
        if (forwarded != null) {
            String scheme = forwarded.toLowerCase(Locale.ROOT);
            if (scheme.equals("http") || scheme.equals("https")) {
                return scheme;
            }
        }
        String own = request.getURI().getScheme();
        return "https".equalsIgnoreCase(own) ? "https" : "http";
    }

    private static String host(ServerHttpRequest request) {
        String forwarded = first(request.getHeaders().getFirst("X-Forwarded-Host"));
        if (forwarded != null && valid(forwarded)) {
            return forwarded;
        }
        String host = request.getHeaders().getFirst(HttpHeaders.HOST);
        if (host != null && valid(host)) {
            return host;
        }
        String authority = request.getURI().getRawAuthority();
        return authority != null && valid(authority) ? authority : "localhost";
    }

    /** The first of a comma-separated list, as proxies append theirs; null when empty. */
    private static @Nullable String first(@Nullable String header) {
        if (header == null) {
            return null;
        }
        int comma = header.indexOf(',');
        String value = (comma < 0 ? header : header.substring(0, comma)).trim();
        return value.isEmpty() ? null : value;
    }

    private static boolean valid(String host) {
        return host.length() <= MAX_HOST && HOST.matcher(host).matches();
    }
}
