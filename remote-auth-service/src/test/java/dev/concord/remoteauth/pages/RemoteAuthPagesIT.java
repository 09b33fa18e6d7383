package dev.concord.remoteauth.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import dev.concord.remoteauth.qr.DesktopClient;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** The QR-code login pages, their scripts and the QR code itself, served beside the desktop gateway. */
class RemoteAuthPagesIT extends ApiTestSupport {

    private static final String FINGERPRINT = "f7Hc2k9Q-x_3LmB0aZ1yW8vN4pR6tU5sE2dG7hJ9kLq";
    private static final Pattern SCRIPT = Pattern.compile("<script\\b([^>]*)>(.*?)</script>", Pattern.DOTALL);

    @Test
    void theDesktopPageIsHtmlLoadingItsScriptUnderAStrictPolicy() {
        EntityExchangeResult<byte[]> page = get("/remote-auth/login", null);

        assertThat(page.getStatus().value()).isEqualTo(200);
        HttpHeaders headers = page.getResponseHeaders();
        assertThat(headers.getContentType()).isNotNull();
        assertThat(headers.getContentType().isCompatibleWith(MediaType.TEXT_HTML))
                .isTrue();
        assertThat(headers.getFirst("Content-Security-Policy"))
                .contains("script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'")
                .doesNotContain("unsafe-inline", "unsafe-eval");
        assertThat(headers.getFirst("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(headers.getCacheControl()).isEqualTo("no-cache");
        assertThat(scripts(text(page))).containsExactly("/remote-auth/assets/login.js");
        assertThat(text(page)).contains("data-step=\"qr\"", "id=\"qr-code\"", "href=\"/remote-auth/assets/pages.css\"");
    }

    @Test
    void thePhonePageIsServedWithAndWithoutAFingerprint() {
        for (String path : List.of(
                "/remote-auth/ra", "/remote-auth/ra/", "/remote-auth/ra/" + FINGERPRINT, "/remote-auth/ra/not-one")) {
            EntityExchangeResult<byte[]> page = get(path, null);
            assertThat(page.getStatus().value()).as(path).isEqualTo(200);
            assertThat(page.getResponseHeaders().getContentType().isCompatibleWith(MediaType.TEXT_HTML))
                    .as(path)
                    .isTrue();
            assertThat(page.getResponseHeaders().getFirst("Content-Security-Policy"))
                    .as(path)
                    .contains("script-src 'self'");
            assertThat(page.getResponseHeaders().getFirst("Referrer-Policy"))
                    .as(path)
                    .isEqualTo("no-referrer");
            assertThat(scripts(text(page))).as(path).containsExactly("/remote-auth/assets/ra.js");
        }
    }

    @Test
    void everyScriptAndItsImportsAreServedAsJavaScript() {
        for (String asset : List.of("login.js", "ra.js", "common.js")) {
            EntityExchangeResult<byte[]> script = get("/remote-auth/assets/" + asset, null);
            assertThat(script.getStatus().value()).as(asset).isEqualTo(200);
            assertThat(script.getResponseHeaders().getContentType())
                    .as(asset)
                    .isEqualTo(MediaType.parseMediaType("text/javascript;charset=UTF-8"));
            Matcher imports = Pattern.compile("from '\\./([a-z]+\\.js)'").matcher(text(script));
            while (imports.find()) {
                assertThat(get("/remote-auth/assets/" + imports.group(1), null)
                                .getStatus()
                                .value())
                        .as(imports.group())
                        .isEqualTo(200);
            }
        }
        EntityExchangeResult<byte[]> style = get("/remote-auth/assets/pages.css", null);
        assertThat(style.getResponseHeaders().getContentType())
                .isEqualTo(MediaType.parseMediaType("text/css;charset=UTF-8"));
    }

    @Test
    void anUnchangedFileIsNotSentAgain() {
        String etag =
                get("/remote-auth/assets/login.js", null).getResponseHeaders().getETag();
        assertThat(etag).startsWith("\"");

        EntityExchangeResult<byte[]> again = client.get()
                .uri("/remote-auth/assets/login.js")
                .header(HttpHeaders.IF_NONE_MATCH, etag)
                .exchange()
                .expectBody(byte[].class)
                .returnResult();

        assertThat(again.getStatus().value()).isEqualTo(304);
        assertThat(again.getResponseBody()).isNullOrEmpty();
    }

    @Test
    void aPlainRequestForTheGatewayIsSentToTheLoginPage() {
        for (String path : List.of("/remote-auth/", "/remote-auth", "/remote-auth/?v=2")) {
            EntityExchangeResult<byte[]> answer = get(path, null);
            assertThat(answer.getStatus().value()).as(path).isEqualTo(303);
            assertThat(answer.getResponseHeaders().getLocation()).as(path).hasToString("/remote-auth/login");
        }
    }

    @Test
    void theGatewayStillUpgradesBesideThePages() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            assertThat(desktop.handshake()).isEqualTo(desktop.keys().fingerprint());
        }
    }

    @Test
    void theQrCodeReadsAsTheApprovalPageOfTheFingerprintOnThisHost() {
        EntityExchangeResult<byte[]> svg = get("/remote-auth/qr/" + FINGERPRINT + ".svg", null);

        assertThat(svg.getStatus().value()).isEqualTo(200);
        assertThat(svg.getResponseHeaders().getContentType()).isEqualTo(MediaType.parseMediaType("image/svg+xml"));
        assertThat(svg.getResponseHeaders().getCacheControl()).isEqualTo("no-store");
        assertThat(svg.getResponseHeaders().getFirst("Content-Security-Policy")).startsWith("default-src 'none'");
        String expected = "http://localhost:" + port + "/remote-auth/ra/" + FINGERPRINT;
        assertThat(QrSvgReader.read(text(svg))).isEqualTo(expected);

        JsonNode link = json(get("/remote-auth/qr/" + FINGERPRINT + ".json", null));
        assertThat(link.path("url").asString()).isEqualTo(expected);
    }

    @Test
    void behindTheEdgeTheCodeNamesTheHostTheClientReached() {
        HttpHeaders forwarded = new HttpHeaders();
        forwarded.set("X-Forwarded-Host", "chat.example.org");
        forwarded.set("X-Forwarded-Proto", "https");
        String expected = "https://chat.example.org/remote-auth/ra/" + FINGERPRINT;

        assertThat(QrSvgReader.read(text(get("/remote-auth/qr/" + FINGERPRINT + ".svg", forwarded))))
                .isEqualTo(expected);
        assertThat(json(get("/remote-auth/qr/" + FINGERPRINT + ".json", forwarded))
                        .path("url")
                        .asString())
                .isEqualTo(expected);
    }

    @Test
    void theCodeOfALiveSessionReadsAsItsLink() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();
            assertThat(QrSvgReader.read(text(get("/remote-auth/qr/" + fingerprint + ".svg", null))))
                    .isEqualTo("http://localhost:" + port + "/remote-auth/ra/" + fingerprint);
        }
    }

    @Test
    void aMalformedFingerprintIsThePlatformsInvalidFormBody() {
        for (String fingerprint : List.of(
                FINGERPRINT.substring(1),
                FINGERPRINT + "A",
                FINGERPRINT.substring(1) + "=",
                FINGERPRINT.substring(1) + "!",
                "x")) {
            for (String suffix : List.of(".svg", ".json")) {
                EntityExchangeResult<byte[]> answer = get("/remote-auth/qr/" + fingerprint + suffix, null);
                assertThat(answer.getStatus().value()).as(fingerprint + suffix).isEqualTo(400);
                JsonNode body = json(answer);
                assertThat(body.path("code").asInt()).isEqualTo(50035);
                assertThat(body.path("message").asString()).isEqualTo("Invalid Form Body");
                assertThat(body.path("errors")
                                .path("fingerprint")
                                .path("_errors")
                                .path(0)
                                .path("code")
                                .asString())
                        .isEqualTo("REMOTE_AUTH_INVALID_FINGERPRINT");
            }
        }
    }

    @Test
    void anUnknownPathUnderThePagesIsThePlatforms404() {
        for (String path : List.of(
                "/remote-auth/nope",
                "/remote-auth/assets/login.html",
                "/remote-auth/assets/nope.js",
                "/remote-auth/pages/login.html",
                "/remote-auth/qr/" + FINGERPRINT,
                "/remote-auth/login/more")) {
            EntityExchangeResult<byte[]> answer = get(path, null);
            assertThat(answer.getStatus().value()).as(path).isEqualTo(404);
            assertThat(answer.getResponseHeaders().getContentType()).as(path).isEqualTo(MediaType.APPLICATION_JSON);
            JsonNode body = json(answer);
            assertThat(body.path("message").asString()).as(path).isEqualTo("404: Not Found");
            assertThat(body.path("code").asInt()).as(path).isZero();
        }
    }

    private EntityExchangeResult<byte[]> get(String path, HttpHeaders headers) {
        return client.get()
                .uri(path)
                .headers(h -> {
                    if (headers != null) {
                        h.addAll(headers);
                    }
                })
                .exchange()
                .expectBody(byte[].class)
                .returnResult();
    }

    private static String text(EntityExchangeResult<byte[]> result) {
        byte[] body = result.getResponseBody();
        return body == null ? "" : new String(body, StandardCharsets.UTF_8);
    }

    private static JsonNode json(EntityExchangeResult<byte[]> result) {
        return Json.mapper().readTree(text(result));
    }

    /** The sources of the page's scripts; fails on an inline script, which the policy would block anyway. */
    private static List<String> scripts(String html) {
        Matcher script = SCRIPT.matcher(html);
        List<String> sources = new ArrayList<>();
        while (script.find()) {
            assertThat(script.group(2))
                    .as("inline script in %s", script.group())
                    .isBlank();
            Matcher src = Pattern.compile("src=\"([^\"]+)\"").matcher(script.group(1));
            assertThat(src.find()).as("src of %s", script.group()).isTrue();
            assertThat(script.group(1)).contains("type=\"module\"");
            sources.add(src.group(1));
        }
        return sources;
    }
}
