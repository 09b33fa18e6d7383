package dev.concord.remoteauth.application;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application's interactions endpoint on loopback, as an application would write it: it checks each
 * request's Ed25519 signature against the application's {@code verify_key} and answers a PING with a PONG,
 * any other interaction with the answer it was given, a bad signature with 401. {@code careless} skips the check and answers every PING, as a broken endpoint
 * would.
 */
final class InteractionsEndpointStub implements AutoCloseable {

    /** The X.509 prefix of an Ed25519 public key: the raw 32 bytes follow it. */
    private static final String ED25519_PREFIX = "302a300506032b6570032100";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpServer server;
    private final AtomicReference<String> verifyKey = new AtomicReference<>("");
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicReference<String> answer = new AtomicReference<>("{\"type\":6}");
    private final AtomicReference<byte[]> lastInteraction = new AtomicReference<>(new byte[0]);
    private final boolean careless;

    InteractionsEndpointStub(boolean careless) throws IOException {
        this.careless = careless;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/interactions", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/interactions";
    }

    void trust(String key) {
        verifyKey.set(key);
    }

    int requests() {
        return requests.get();
    }

    /** What it answers a correctly signed interaction other than a PING (a deferred update unless told). */
    void answerInteractions(String json) {
        answer.set(json);
    }

    /** The body of the last correctly signed interaction other than a PING. */
    String lastInteraction() {
        return new String(lastInteraction.get(), StandardCharsets.UTF_8);
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        byte[] body = exchange.getRequestBody().readAllBytes();
        String signature = exchange.getRequestHeaders().getFirst("X-Signature-Ed25519");
        String timestamp = exchange.getRequestHeaders().getFirst("X-Signature-Timestamp");
        boolean valid = careless || verifies(signature, timestamp, body);
        boolean ping = JSON.readTree(body).path("type").asInt() == 1;
        if (valid && !ping) {
            lastInteraction.set(body);
        }
        String json = ping ? "{\"type\":1}" : answer.get();
        byte[] answer = (valid ? json : "invalid request signature").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", valid ? "application/json" : "text/plain");
        exchange.sendResponseHeaders(valid ? 200 : 401, answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
        }
    }

    private boolean verifies(String signature, String timestamp, byte[] body) {
        if (signature == null || timestamp == null) {
            return false;
        }
        try {
            PublicKey key = KeyFactory.getInstance("Ed25519")
                    .generatePublic(new X509EncodedKeySpec(HexFormat.of().parseHex(ED25519_PREFIX + verifyKey.get())));
            Signature check = Signature.getInstance("Ed25519");
            check.initVerify(key);
            check.update(timestamp.getBytes(StandardCharsets.UTF_8));
            check.update(body);
            return check.verify(HexFormat.of().parseHex(signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
