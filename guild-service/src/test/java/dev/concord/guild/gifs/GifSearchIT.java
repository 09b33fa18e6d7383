package dev.concord.guild.gifs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** The GIF picker over the offline catalogue: searches, trending lists, formats, limits and the served media. */
class GifSearchIT extends GuildApiSupport {

    private static final Map<String, String> CONTENT_TYPES =
            Map.of("gif", "image/gif", "mp4", "video/mp4", "webm", "video/webm", "png", "image/png");

    @Test
    void searchAnswersGifsInTheAskedFormat() {
        Snowflake user = newUser("searcher");

        JsonNode found = get(user, "/gifs/search?q=heart").body();
        assertThat(found.size()).isPositive();
        JsonNode first = found.get(0);
        assertThat(first.get("id").asString()).isEqualTo("beating-heart");
        assertThat(first.propertyNames())
                .containsExactlyInAnyOrder("id", "title", "url", "src", "gif_src", "preview", "width", "height");
        assertThat(first.get("title").asString()).isEqualTo("Beating heart");
        assertThat(first.get("src").asString()).as("mediumgif by default").endsWith("/beating-heart/mediumgif.gif");
        assertThat(first.get("gif_src").asString()).endsWith("/beating-heart/gif.gif");
        assertThat(first.get("preview").asString()).endsWith("/beating-heart/preview.png");
        assertThat(first.get("width").asInt()).isEqualTo(128);
        assertThat(first.get("height").asInt()).isEqualTo(96);

        Map<String, String> files = Map.ofEntries(
                Map.entry("mp4", "mp4.mp4"),
                Map.entry("loopedmp4", "mp4.mp4"),
                Map.entry("tinymp4", "tinymp4.mp4"),
                Map.entry("nanomp4", "nanomp4.mp4"),
                Map.entry("webm", "webm.webm"),
                Map.entry("tinywebm", "tinywebm.webm"),
                Map.entry("nanowebm", "nanowebm.webm"),
                Map.entry("gif", "gif.gif"),
                Map.entry("mediumgif", "mediumgif.gif"),
                Map.entry("tinygif", "tinygif.gif"),
                Map.entry("nanogif", "nanogif.gif"));
        files.forEach((format, file) -> {
            JsonNode gif = get(user, "/gifs/search?q=heart&media_format=" + format)
                    .body()
                    .get(0);
            assertThat(gif.get("src").asString()).as(format).endsWith("/beating-heart/" + file);
            assertThat(gif.get("gif_src").asString()).as(format).endsWith("/beating-heart/gif.gif");
        });
        assertThat(get(user, "/gifs/search?q=heart&media_format=nanomp4")
                        .body()
                        .get(0)
                        .get("width")
                        .asInt())
                .isEqualTo(48);

        assertThat(get(user, "/gifs/search?q=thu up").body().valueStream().map(g -> g.get("id")
                        .asString()))
                .as("every word begins a word of the item")
                .contains("big-thumbs-up", "nice-work");
        assertThat(get(user, "/gifs/search?q=zzzqqq").body()).isEmpty();
    }

    @Test
    void everyParameterIsCheckedAndNamed() {
        Snowflake user = newUser("checker");
        assertField(get(user, "/gifs/search"), "q", "BASE_TYPE_REQUIRED");
        assertField(get(user, "/gifs/search?q="), "q", "BASE_TYPE_BAD_LENGTH");
        assertField(get(user, "/gifs/search?q=" + "a".repeat(201)), "q", "BASE_TYPE_BAD_LENGTH");
        assertField(get(user, "/gifs/search?q=cat&limit=19"), "limit", "NUMBER_TYPE_MIN");
        assertField(get(user, "/gifs/search?q=cat&limit=501"), "limit", "NUMBER_TYPE_MAX");
        assertField(get(user, "/gifs/search?q=cat&limit=x"), "limit", "NUMBER_TYPE_COERCE");
        assertField(get(user, "/gifs/search?q=cat&media_format=avi"), "media_format", "BASE_TYPE_CHOICES");
        assertField(get(user, "/gifs/search?q=cat&locale=%3Cscript%3E"), "locale", "LOCALE_INVALID");
        assertField(get(user, "/gifs/trending-gifs?limit=0"), "limit", "NUMBER_TYPE_MIN");
        assertField(get(user, "/gifs/trending-gifs?media_format=jpeg"), "media_format", "BASE_TYPE_CHOICES");
        assertField(get(user, "/gifs/trending?media_format=png"), "media_format", "BASE_TYPE_CHOICES");
        assertField(get(user, "/gifs/trending-search?limit=0"), "limit", "NUMBER_TYPE_MIN");
        assertField(get(user, "/gifs/trending-search?limit=51"), "limit", "NUMBER_TYPE_MAX");
        assertField(get(user, "/gifs/suggest?limit=5"), "q", "BASE_TYPE_REQUIRED");
        assertField(get(user, "/gifs/suggest?q=ha&limit=51"), "limit", "NUMBER_TYPE_MAX");
        assertField(get(user, "/integrations/gifsource/search"), "q", "BASE_TYPE_REQUIRED");
        assertField(as(user, HttpMethod.POST, "/gifs/select", "{\"q\": \"x\"}"), "id", "BASE_TYPE_REQUIRED");
        assertField(
                as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"no-such-gif\", \"q\": \"x\"}"),
                "id",
                "UNKNOWN_GIF");

        assertThat(get(user, "/gifs/search?q=a&limit=500").status()).isEqualTo(200);
        assertThat(get(user, "/gifs/trending-search?limit=50").status()).isEqualTo(200);
        for (String path : List.of(
                "/gifs/search?q=cat",
                "/gifs/trending",
                "/gifs/trending-gifs",
                "/gifs/trending-search",
                "/gifs/suggest?q=ha",
                "/integrations/gifsource/search?q=cat")) {
            assertThat(call(HttpMethod.GET, path, null, null).status()).as(path).isEqualTo(401);
            assertThat(call(HttpMethod.GET, path, botToken(user), null)
                            .body()
                            .get("code")
                            .asInt())
                    .as("bots do not use the picker: %s", path)
                    .isEqualTo(20001);
        }
        assertThat(call(HttpMethod.POST, "/gifs/select", null, "{\"id\": \"sparkles\"}")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void titlesAndCategoriesFollowTheLocaleAndFallBackToEnglish() {
        Snowflake user = newUser("polyglot");
        assertThat(title(user, "/gifs/search?q=heart&locale=fr")).isEqualTo("Cœur battant");
        assertThat(title(user, "/gifs/search?q=heart&locale=fr-CA"))
                .as("the language of a region")
                .isEqualTo("Cœur battant");
        assertThat(title(user, "/gifs/search?q=heart&locale=de_DE")).isEqualTo("Schlagendes Herz");
        assertThat(title(user, "/gifs/search?q=heart&locale=ko"))
                .as("no Korean: English")
                .isEqualTo("Beating heart");
        assertThat(title(user, "/gifs/search?q=cœur&locale=fr"))
                .as("matched on the French tag")
                .isEqualTo("Cœur battant");
        assertThat(title(user, "/gifs/search?q=pluie&locale=fr")).isEqualTo("Jour de pluie");
        assertThat(title(user, "/gifs/search?q=rain&locale=fr"))
                .as("English works in any locale")
                .isEqualTo("Jour de pluie");

        JsonNode trending =
                get(user, "/gifs/trending?locale=pt-BR&media_format=tinymp4").body();
        assertThat(trending.propertyNames()).containsExactlyInAnyOrder("categories", "gifs");
        assertThat(trending.get("categories").get(0))
                .isEqualTo(json("{\"name\": \"feliz\", \"src\": \"" + mediaBase() + "/sunny-smile/tinygif.gif\"}"));
        assertThat(trending.get("gifs").size()).isEqualTo(1);
        assertThat(trending.get("gifs").get(0).get("src").asString()).endsWith("/tinymp4.mp4");
        assertThat(get(user, "/gifs/trending?locale=ko")
                        .body()
                        .get("categories")
                        .get(0)
                        .get("name")
                        .asString())
                .isEqualTo("happy");
        assertThat(get(user, "/gifs/trending-search?locale=ja&limit=3").body())
                .as("nobody searched in Japanese yet: the catalogue's categories")
                .isEqualTo(json("[\"嬉しい\", \"悲しい\", \"愛\"]"));
    }

    @Test
    void trendingGifsAndTheProvidersSearchAnswerTheirShapes() {
        Snowflake user = newUser("browser");
        JsonNode trending =
                get(user, "/gifs/trending-gifs?limit=20&media_format=webm").body();
        assertThat(trending.size()).isEqualTo(20);
        assertThat(trending.valueStream().map(g -> g.get("src").asString()))
                .allMatch(src -> src.endsWith("/webm.webm"));
        assertThat(trending.get(0).get("id").asString()).isEqualTo("sunny-smile");
        assertThat(trending.get(1).get("id").asString())
                .as("a category at a time")
                .isEqualTo("rainy-day");
        assertThat(get(user, "/gifs/trending-gifs?limit=500").body().size())
                .as("all there is")
                .isEqualTo(40);

        Response sources = get(user, "/integrations/gifsource/search?q=h");
        assertThat(sources.body().size()).isEqualTo(10);
        JsonNode source = sources.body().get(0);
        assertThat(source.propertyNames()).containsExactlyInAnyOrder("type", "url", "src", "width", "height");
        assertThat(source.get("type").asString()).isEqualTo("gif");
        assertThat(source.get("src").asString()).endsWith("/gif.gif");
        assertThat(source.get("width").asInt()).isEqualTo(160);
    }

    @Test
    void theMediaAddressesServeTheFiles() {
        Snowflake user = newUser("viewer");
        JsonNode gif = get(user, "/gifs/search?q=sparkles").body().get(0);
        String base = gif.get("gif_src").asString().replace("/gif.gif", "");
        for (String file : List.of(
                "gif.gif",
                "mediumgif.gif",
                "tinygif.gif",
                "nanogif.gif",
                "mp4.mp4",
                "tinymp4.mp4",
                "nanomp4.mp4",
                "webm.webm",
                "tinywebm.webm",
                "nanowebm.webm",
                "preview.png")) {
            EntityExchangeResult<byte[]> served =
                    fetch(URI.create(base + "/" + file).getPath());
            String extension = file.substring(file.indexOf('.') + 1);
            assertThat(served.getStatus().value()).as(file).isEqualTo(200);
            assertThat(served.getResponseHeaders().getContentType()).as(file).hasToString(CONTENT_TYPES.get(extension));
            byte[] bytes = served.getResponseBody();
            assertThat(bytes).as(file).isNotEmpty();
            switch (extension) {
                case "gif" -> assertThat(new String(bytes, 0, 6)).isEqualTo("GIF89a");
                case "mp4" -> assertThat(new String(bytes, 4, 4)).isEqualTo("ftyp");
                case "webm" -> assertThat(bytes).startsWith(0x1A, 0x45, 0xDF, 0xA3);
                default -> assertThat(new String(bytes, 1, 3)).isEqualTo("PNG");
            }
        }
        assertThat(fetch("/gifs/media/sparkles/huge.gif").getStatus().value()).isEqualTo(404);
        assertThat(fetch("/gifs/media/nothing/gif.gif").getStatus().value()).isEqualTo(404);
        assertThat(fetch("/gifs/media/sparkles/..%2Fcatalogue.json").getStatus().value())
                .isEqualTo(404);
    }

    private EntityExchangeResult<byte[]> fetch(String path) {
        return TestClients.unpooled(port)
                .get()
                .uri(path)
                .exchange()
                .expectBody(byte[].class)
                .returnResult();
    }

    private String mediaBase() {
        return environment.getRequiredProperty("concord.gifs.media-base-url");
    }

    private String title(Snowflake user, String path) {
        JsonNode found = get(user, path).body();
        return found.isEmpty() ? null : found.get(0).get("title").asString();
    }

    private static void assertField(Response response, String field, String code) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(response.body().at("/errors/" + field + "/_errors/0/code").asString())
                .as("%s", response.body())
                .isEqualTo(code);
    }
}
