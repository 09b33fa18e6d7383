package dev.concord.remoteauth.pages;

import org.springframework.http.HttpHeaders;

/** The security and caching headers of what the pages package serves. */
final class PageHeaders {

    /**
     * Scripts, styles and images of this origin only, and no inline script: an injected string can never
     * run. Frames are refused, so no other site can lay the Approve button under a decoy (clickjacking).
     * {@code connect-src 'self'} also covers the same-origin ws:/wss: socket of the desktop page.
     */
    static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    /** An SVG opened on its own is a document: it gets nothing to run or load (it needs nothing). */
    static final String IMAGE_POLICY = "default-src 'none'";

    private PageHeaders() {}

    /**
     * Pages and assets have no versioned names: browsers may keep them but ask each time (a 304 when
     * unchanged), so a deployment is picked up at once.
     */
    static void page(HttpHeaders headers) {
        headers.set(HttpHeaders.CACHE_CONTROL, "no-cache");
        headers.set("Content-Security-Policy", PAGE_POLICY);
        common(headers);
    }

    static void asset(HttpHeaders headers) {
        headers.set(HttpHeaders.CACHE_CONTROL, "no-cache");
        common(headers);
    }

    /**
     * The QR code names a live session (whoever holds the fingerprint may claim it) that dies within
     * minutes: nothing gains from keeping it, so no cache stores it.
     */
    static void qrCode(HttpHeaders headers) {
        headers.set(HttpHeaders.CACHE_CONTROL, "no-store");
        common(headers);
    }

    private static void common(HttpHeaders headers) {
        headers.set("X-Content-Type-Options", "nosniff");
        // The phone page's address holds the fingerprint: it is not handed to any other site.
        headers.set("Referrer-Policy", "no-referrer");
    }
}
