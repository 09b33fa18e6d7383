package dev.concord.guild.gifs;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A Tenor v2 API on loopback answering canned responses shaped as Tenor's, recording every request's URI.
 * {@link #mode} makes it fail: answer 500, or never answer at all.
 */
final class TenorStub implements AutoCloseable {

    enum Mode {
        ANSWER,
        FAIL,
        HANG
    }

    static final String KEY = "stub-secret-key";

    private final DisposableServer server;
    final List<String> requests = new CopyOnWriteArrayList<>();
    volatile Mode mode = Mode.ANSWER;

    TenorStub() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get("/v2/{endpoint}", this::answer))
                .bindNow();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port() + "/v2";
    }

    private Mono<Void> answer(HttpServerRequest request, HttpServerResponse response) {
        requests.add(request.uri());
        if (!request.uri().contains("key=" + KEY)) {
            return response.status(401).send();
        }
        return switch (mode) {
            case FAIL ->
                response.status(500)
                        .sendString(Mono.just("{\"error\": \"down\"}"))
                        .then();
            case HANG -> Mono.never();
            case ANSWER ->
                response.header("Content-Type", "application/json")
                        .sendString(Mono.just(body(String.valueOf(request.param("endpoint")), request.uri())))
                        .then();
        };
    }

    private static String body(String endpoint, String uri) {
        return switch (endpoint) {
            case "search", "featured" ->
                "{\"results\": [" + result("1111", "Dancing cat") + ", " + result("2222", "") + "], \"next\": \"2\"}";
            case "posts" ->
                uri.contains("ids=1111")
                        ? "{\"results\": [" + result("1111", "Dancing cat") + "]}"
                        : "{\"results\": []}";
            case "categories" ->
                "{\"locale\": \"en\", \"tags\": [{\"searchterm\": \"excited\", \"path\":"
                        + " \"/v2/search?q=excited\", \"image\": \"https://media.tenor.example/cat/excited.gif\","
                        + " \"name\": \"#excited\"}]}";
            case "autocomplete" -> "{\"locale\": \"en\", \"results\": [\"cat\", \"cats\", \"catjam\"]}";
            case "search_suggestions" -> "{\"locale\": \"en\", \"results\": [\"cats\", \"kitten\"]}";
            case "trending_terms" -> "{\"locale\": \"en\", \"results\": [\"monday\", \"coffee\"]}";
            case "registershare" -> "{}";
            default -> "{\"error\": \"unknown endpoint\"}";
        };
    }

    /** A response object as Tenor v2 writes it: the second has no title but a description, and no preview. */
    private static String result(String id, String title) {
        String media = "https://media.tenor.example/" + id;
        String preview = title.isEmpty()
                ? ""
                : ", \"gifpreview\": {\"url\": \"" + media + "/preview.png\", \"dims\": [498, 280]}";
        return "{\"id\": \"" + id + "\", \"title\": \"" + title + "\", \"content_description\": \"A cat " + id
                + "\", \"itemurl\": \"https://tenor.example/view/cat-gif-" + id
                + "\", \"url\": \"https://tenor.example/"
                + id + "\", \"tags\": [\"cat\"], \"media_formats\": {"
                + "\"gif\": {\"url\": \"" + media
                + "/tenor.gif\", \"dims\": [498, 280], \"duration\": 1.2, \"size\": 100},"
                + " \"mediumgif\": {\"url\": \"" + media + "/medium.gif\", \"dims\": [320, 180], \"size\": 50},"
                + " \"tinygif\": {\"url\": \"" + media + "/tiny.gif\", \"dims\": [220, 124], \"size\": 20},"
                + " \"mp4\": {\"url\": \"" + media + "/tenor.mp4\", \"dims\": [498, 280], \"size\": 30},"
                + " \"loopedmp4\": {\"url\": \"" + media + "/looped.mp4\", \"dims\": [498, 280], \"size\": 90},"
                + " \"webm\": {\"url\": \"" + media + "/tenor.webm\", \"dims\": [498, 280], \"size\": 25},"
                + " \"webp\": {\"url\": \"" + media + "/tenor.webp\", \"dims\": [498, 280], \"size\": 25}"
                + preview + "}}";
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
