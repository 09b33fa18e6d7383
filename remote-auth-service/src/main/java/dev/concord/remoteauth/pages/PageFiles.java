package dev.concord.remoteauth.pages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * The pages' files, read from the classpath once at start-up. They are a few kilobytes in all, and
 * serving them from memory keeps file and jar reads off the event loops. Only the files listed here are
 * served: a path cannot reach anything else on the classpath.
 */
@Component
class PageFiles {

    static final String DESKTOP_PAGE = "login.html";
    static final String PHONE_PAGE = "ra.html";
    /** What {@code /remote-auth/assets/{file}} may name. */
    static final String[] ASSETS = {"pages.css", "common.js", "login.js", "ra.js"};

    private static final String ROOT = "remote-auth/pages/";
    private static final MediaType HTML = new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8);
    private static final MediaType CSS = new MediaType("text", "css", StandardCharsets.UTF_8);
    private static final MediaType JAVASCRIPT = new MediaType("text", "javascript", StandardCharsets.UTF_8);

    /** One file: its bytes, its type and a strong ETag of its content. */
    record PageFile(byte[] bytes, MediaType type, String etag) {}

    private final Map<String, PageFile> pages = new LinkedHashMap<>();
    private final Map<String, PageFile> assets = new LinkedHashMap<>();

    PageFiles() {
        pages.put(DESKTOP_PAGE, load(DESKTOP_PAGE));
        pages.put(PHONE_PAGE, load(PHONE_PAGE));
        for (String asset : ASSETS) {
            assets.put(asset, load("assets/" + asset));
        }
    }

    /** One of the pages loaded above, by its constant name. */
    PageFile page(String name) {
        return Objects.requireNonNull(pages.get(name), name);
    }

    Optional<PageFile> asset(String name) {
        return Optional.ofNullable(assets.get(name));
    }

    private static PageFile load(String name) {
        try (InputStream in = new ClassPathResource(ROOT + name).getInputStream()) {
            byte[] bytes = in.readAllBytes();
            return new PageFile(bytes, typeOf(name), etag(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("the remote-auth page file " + name + " is missing from the build", e);
        }
    }

    private static MediaType typeOf(String name) {
        if (name.endsWith(".html")) {
            return HTML;
        }
        if (name.endsWith(".css")) {
            return CSS;
        }
        if (name.endsWith(".js")) {
            return JAVASCRIPT;
        }
        throw new IllegalArgumentException("no media type for " + name);
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\""
                    + Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(digest)
                            .substring(0, 22) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
