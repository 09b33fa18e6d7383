package dev.concord.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.ByteBufMono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/** The edge in front of {@link StandInService}s, one per service but presence-service. */
@SpringBootTest(properties = "concord.edge.port=0")
class EdgeIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> LIVE =
            List.of("remote-auth-service", "social-service", "guild-service", "webhook-service", "gateway-service");
    /** presence-service is deliberately left without a server, to see how the edge answers for it. */
    private static final Map<String, DisposableServer> BACKENDS = new LinkedHashMap<>();

    @Autowired
    EdgeServer edge;

    private record Reply(int status, HttpClientResponse response, String body) {
        String header(String name) {
            return response.responseHeaders().get(name);
        }

        static Mono<Reply> of(HttpClientResponse response, ByteBufMono content) {
            return content.asString()
                    .defaultIfEmpty("")
                    .map(text -> new Reply(response.status().code(), response, text));
        }
    }

    @DynamicPropertySource
    static void serviceUrls(DynamicPropertyRegistry registry) throws Exception {
        for (String service : LIVE) {
            BACKENDS.put(service, StandInService.start(service));
            registry.add(
                    "concord.edge.services." + service,
                    () -> "http://127.0.0.1:" + BACKENDS.get(service).port());
        }
        int deadPort;
        try (ServerSocket released = new ServerSocket(0)) {
            deadPort = released.getLocalPort();
        }
        registry.add("concord.edge.services.presence-service", () -> "http://127.0.0.1:" + deadPort);
    }

    @AfterAll
    static void stopBackends() {
        BACKENDS.values().forEach(DisposableServer::disposeNow);
    }

    @ParameterizedTest
    @CsvSource({
        "/api/v10/users/@me/settings?with_counts=true, social-service, /users/@me/settings?with_counts=true",
        "/api/v9/guilds/1/webhooks, webhook-service, /guilds/1/webhooks",
        "/api/guilds/1/emojis, guild-service, /guilds/1/emojis",
        "/auth/login, remote-auth-service, /auth/login",
        "/api/v6/gateway/bot?x=%2F, gateway-service, /gateway/bot?x=%2F",
    })
    void forwardsToTheOwnerWithoutThePrefix(String path, String service, String seenUri) {
        Reply reply = send("GET", path, null);
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header(StandInService.SERVICE)).isEqualTo(service);
        assertThat(reply.header(StandInService.SEEN_URI)).isEqualTo(seenUri);
    }

    @Test
    void forwardsAuthorizationAndTheClientAddressNotItsClaim() {
        Reply reply = client().headers(headers ->
                        headers.set("Authorization", "Bot secret.token").set("X-Forwarded-For", "203.0.113.9"))
                .get()
                .uri("/api/v10/users/@me")
                .responseSingle(Reply::of)
                .block(TIMEOUT);
        assertThat(reply.header(StandInService.SEEN_AUTHORIZATION)).isEqualTo("Bot secret.token");
        assertThat(reply.header(StandInService.SEEN_FORWARDED_FOR)).isEqualTo("127.0.0.1");
    }

    @Test
    void streamsALargeBodyThroughUnchanged() {
        // Well over WebFlux's 256 KiB in-memory limit: buffering it anywhere on the way would fail the request.
        byte[] payload = new byte[3 * 1024 * 1024];
        Arrays.fill(payload, (byte) 'x');
        Reply reply = send("POST", "/api/v10/channels/1/messages", new String(payload, StandardCharsets.US_ASCII));
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header(StandInService.SERVICE)).isEqualTo("webhook-service");
        assertThat(reply.body()).hasSize(payload.length).isEqualTo(new String(payload, StandardCharsets.US_ASCII));
    }

    @Test
    void servesTheJdkClientWhichOffersAnHttp2Upgrade() throws Exception {
        // java.net.http asks to upgrade to h2c on its first plain-HTTP request to a host.
        java.net.http.HttpClient jdk = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> reply = jdk.send(
                java.net.http.HttpRequest.newBuilder(
                                java.net.URI.create("http://127.0.0.1:" + edge.port() + "/auth/register"))
                        .header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"username\":\"x\"}"))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.headers().firstValue(StandInService.SERVICE)).hasValue("remote-auth-service");
        assertThat(reply.body()).isEqualTo("{\"username\":\"x\"}");
    }

    @ParameterizedTest
    @CsvSource({
        "/?v=10&encoding=json, gateway-service",
        "/remote-auth/?v=2, remote-auth-service",
        "/api/v10/?v=10&encoding=json, gateway-service",
    })
    void proxiesWebSocketsWithTheirQuery(String path, String service) {
        List<String> frames = HttpClient.create()
                .websocket()
                .uri("ws://127.0.0.1:" + edge.port() + path)
                .handle((in, out) -> out.sendString(Mono.just("ping"))
                        .then()
                        .thenMany(in.receive().asString().take(2)))
                .collectList()
                .block(TIMEOUT);
        String forwarded = path.startsWith("/api/v10") ? path.substring("/api/v10".length()) : path;
        assertThat(frames).containsExactly(service + " " + forwarded, "ping");
    }

    @Test
    void handsOnTheServicesCloseCodeAndReason() {
        WebSocketCloseStatus status = HttpClient.create()
                .websocket()
                .uri("ws://127.0.0.1:" + edge.port() + "/?v=10&encoding=json")
                .handle((in, out) -> out.sendString(
                                Mono.just(StandInService.CLOSE_WITH + "4004 Authentication failed."))
                        .then()
                        .then(in.receiveCloseStatus()))
                .blockLast(TIMEOUT);
        assertThat(status.code()).isEqualTo(4004);
        assertThat(status.reasonText()).isEqualTo("Authentication failed.");
    }

    @Test
    void handsOnAServicesRefusalOfTheUpgradeAsItsStatus() {
        Throwable refusal = HttpClient.create()
                .websocket()
                .uri("ws://127.0.0.1:" + edge.port() + "/remote-auth/?v=2&" + StandInService.REFUSE_UPGRADE)
                .handle((in, out) -> in.receive().then())
                .then()
                .map(nothing -> (Throwable) null)
                .onErrorResume(Mono::just)
                .block(TIMEOUT);
        assertThat(refusal).isInstanceOfSatisfying(WebSocketClientHandshakeException.class, e -> {
            assertThat(e.response().status().code()).isEqualTo(429);
            assertThat(e.response().headers().get("Retry-After")).isEqualTo("7");
            assertThat(e.response().headers().get("X-RateLimit-Bucket")).isEqualTo("stand-in");
        });
    }

    @Test
    void handsOnTheClientsCloseCode() {
        HttpClient.create()
                .websocket()
                .uri("ws://127.0.0.1:" + edge.port() + "/?v=10&encoding=json")
                .handle((in, out) ->
                        out.sendClose(4321, "going away now").then(in.receive().then()))
                .blockLast(TIMEOUT);
        // The edge answers the client's close at once; the service gets it a moment later.
        await().atMost(TIMEOUT).untilAsserted(() -> assertThat(StandInService.lastCloseSeen())
                .isEqualTo(new WebSocketCloseStatus(4321, "going away now")));
    }

    @Test
    void answersAnUnknownPathItselfInThePlatformShape() {
        Reply reply = send("GET", "/api/v10/no-such-thing", null);
        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.header("Content-Type")).startsWith("application/json");
        assertThat(reply.body()).isEqualTo("{\"message\":\"404: Not Found\",\"code\":0}");
    }

    @Test
    void answersADownServiceWithABadGatewayInThePlatformShape() {
        Reply reply = send("GET", "/api/v10/presences", null);
        assertThat(reply.status()).isEqualTo(502);
        assertThat(reply.header("Content-Type")).startsWith("application/json");
        assertThat(reply.body()).isEqualTo("{\"message\":\"502: Bad Gateway\",\"code\":0}");
    }

    @Test
    void answersARequestLineTooLongHeadersTooLargeAndABadHeaderInThePlatformShape() throws Exception {
        Reply tooLong = client().get()
                .uri("/api/v10/users/" + "a".repeat(5000))
                .responseSingle(Reply::of)
                .block(TIMEOUT);
        assertThat(tooLong.status()).isEqualTo(414);
        assertThat(tooLong.header("Content-Type")).isEqualTo("application/json");
        assertThat(tooLong.body()).isEqualTo("{\"message\":\"414: Request-URI Too Long\",\"code\":0}");

        Reply tooLarge = client().headers(h -> h.set("X-Big", "b".repeat(9000)))
                .get()
                .uri("/api/v10/users/@me")
                .responseSingle(Reply::of)
                .block(TIMEOUT);
        assertThat(tooLarge.status()).isEqualTo(431);
        assertThat(tooLarge.header("Content-Type")).isEqualTo("application/json");
        assertThat(tooLarge.body()).isEqualTo("{\"message\":\"431: Request Header Fields Too Large\",\"code\":0}");

        String badHeader = raw("GET /api/v10/users/@me HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n");
        assertThat(badHeader)
                .startsWith("HTTP/1.1 400 Bad Request\r\n")
                .containsIgnoringCase("content-type: application/json\r\n")
                .endsWith("\r\n\r\n{\"message\":\"400: Bad Request\",\"code\":0}");
    }

    /** A HEAD answer has no body (RFC 9110, 9.3.2), but the status and headers of the error it stands for. */
    @Test
    void answersHeadWithTheErrorsStatusAndHeadersButNoBody() throws Exception {
        String unknown = raw("HEAD /api/v10/no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(unknown)
                .startsWith("HTTP/1.1 404 Not Found\r\n")
                .containsIgnoringCase("content-type: application/json\r\n")
                .containsIgnoringCase(
                        "content-length: " + "{\"message\":\"404: Not Found\",\"code\":0}".length() + "\r\n")
                .endsWith("\r\n\r\n");
        String forwarded = raw("HEAD /api/v10/users/@me?" + StandInService.HEAD_WITHOUT_GET
                + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(forwarded)
                .startsWith("HTTP/1.1 405 Method Not Allowed\r\n")
                .containsIgnoringCase("content-type: application/json\r\n")
                .containsIgnoringCase("content-length: 46\r\n")
                .endsWith("\r\n\r\n");
    }

    /** Sends {@code request} as written, which no HTTP client would, and reads until the edge closes. */
    private String raw(String request) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", edge.port())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private Reply send(String method, String path, String body) {
        HttpClient.RequestSender request =
                client().request(HttpMethod.valueOf(method)).uri(path);
        return (body == null ? request : request.send(ByteBufFlux.fromString(Mono.just(body))))
                .responseSingle(Reply::of)
                .block(TIMEOUT);
    }

    private HttpClient client() {
        return HttpClient.create().baseUrl("http://127.0.0.1:" + edge.port());
    }
}
