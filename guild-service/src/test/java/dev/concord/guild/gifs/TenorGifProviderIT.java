package dev.concord.guild.gifs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** The GIF endpoints with the Tenor-v2 provider, against a stub of Tenor's API on loopback. */
class TenorGifProviderIT extends GuildApiSupport {

    private static final TenorStub TENOR = new TenorStub();

    @DynamicPropertySource
    static void tenor(DynamicPropertyRegistry registry) {
        registry.add("concord.gifs.provider", () -> "tenor");
        registry.add("concord.gifs.tenor.base-url", TENOR::baseUrl);
        registry.add("concord.gifs.tenor.key", () -> TenorStub.KEY);
        registry.add("concord.gifs.tenor.timeout", () -> "PT1S");
    }

    @AfterEach
    void answerAgain() {
        TENOR.mode = TenorStub.Mode.ANSWER;
        TENOR.requests.clear();
    }

    @AfterAll
    static void stop() {
        TENOR.close();
    }

    @Test
    void tenorsRenditionsMapToTheMediaFormats() {
        Snowflake user = newUser("tenorfan");
        JsonNode found = get(user, "/gifs/search?q=cat&media_format=loopedmp4&locale=pt-BR&limit=100")
                .body();
        assertThat(found.get(0))
                .isEqualTo(
                        json(
                                "{\"id\": \"1111\", \"title\": \"Dancing cat\","
                                        + " \"url\": \"https://tenor.example/view/cat-gif-1111\","
                                        + " \"src\": \"https://media.tenor.example/1111/looped.mp4\","
                                        + " \"gif_src\": \"https://media.tenor.example/1111/tenor.gif\","
                                        + " \"preview\": \"https://media.tenor.example/1111/preview.png\", \"width\": 498, \"height\": 280}"));
        assertThat(found.get(1).get("title").asString())
                .as("no title: the description")
                .isEqualTo("A cat 2222");
        assertThat(found.get(1).get("preview").asString())
                .as("no still offered: the tiny GIF")
                .isEqualTo("https://media.tenor.example/2222/tiny.gif");
        String search = TENOR.requests.get(0);
        assertThat(search)
                .startsWith("/v2/search?")
                .contains("q=cat", "locale=pt_BR", "limit=50", "client_key=concord", "media_filter=");

        assertThat(get(user, "/gifs/search?q=cat&media_format=nanowebm")
                        .body()
                        .get(0)
                        .get("src")
                        .asString())
                .as("a rendition Tenor did not send: the full-size one of its container")
                .isEqualTo("https://media.tenor.example/1111/tenor.webm");

        assertThat(get(user, "/gifs/trending").body())
                .isEqualTo(json("{\"categories\": [{\"name\": \"excited\","
                        + " \"src\": \"https://media.tenor.example/cat/excited.gif\"}], \"gifs\": ["
                        + get(user, "/gifs/trending-gifs").body().get(0) + "]}"));
        assertThat(get(user, "/integrations/gifsource/search?q=cat").body().get(0))
                .isEqualTo(
                        json(
                                "{\"type\": \"gif\", \"url\": \"https://tenor.example/view/cat-gif-1111\","
                                        + " \"src\": \"https://media.tenor.example/1111/tenor.gif\", \"width\": 498, \"height\": 280}"));
    }

    @Test
    void termsComeFromUseThenFromTenor() {
        Snowflake user = newUser("tenorterms");
        assertThat(strings(get(user, "/gifs/trending-search?locale=es-ES")))
                .as("no use yet in Spanish: Tenor's trending terms")
                .containsExactly("monday", "coffee");
        assertThat(strings(get(user, "/gifs/suggest?q=cat&limit=4")))
                .as("Tenor's completions, then its related searches")
                .containsExactly("cats", "catjam", "kitten");

        assertThat(as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"1111\", \"q\": \"cat\"}")
                        .status())
                .isEqualTo(204);
        assertThat(TENOR.requests).anyMatch(uri -> uri.startsWith("/v2/posts?") && uri.contains("ids=1111"));
        assertThat(TENOR.requests)
                .anyMatch(uri ->
                        uri.startsWith("/v2/registershare?") && uri.contains("id=1111") && uri.contains("q=cat"));
        Response unknown = as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"9999\", \"q\": \"cat\"}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().at("/errors/id/_errors/0/code").asString()).isEqualTo("UNKNOWN_GIF");
    }

    @Test
    void aFailingOrSilentProviderIsA502OrTheTermsWeHave() {
        Snowflake user = newUser("unlucky");
        get(user, "/gifs/search?q=dog&locale=fi");
        for (TenorStub.Mode mode : List.of(TenorStub.Mode.FAIL, TenorStub.Mode.HANG)) {
            TENOR.mode = mode;
            long started = System.nanoTime();
            for (String path : List.of(
                    "/gifs/search?q=cat",
                    "/gifs/trending",
                    "/gifs/trending-gifs",
                    "/integrations/gifsource/search?q=cat")) {
                Response answer = get(user, path);
                assertThat(answer.status()).as("%s %s", mode, path).isEqualTo(502);
                assertThat(answer.body())
                        .isEqualTo(json("{\"message\": \"502: GIF provider unavailable\", \"code\": 0}"));
            }
            assertThat(as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"1111\", \"q\": \"cat\"}")
                            .status())
                    .isEqualTo(502);
            assertThat(strings(get(user, "/gifs/trending-search?locale=fi")))
                    .as("what was searched here, without Tenor's")
                    .containsExactly("dog");
            assertThat(strings(get(user, "/gifs/suggest?q=ca&locale=fi"))).isEmpty();
            assertThat((System.nanoTime() - started) / 1_000_000)
                    .as("%s: each call bounded by the 1 s timeout", mode)
                    .isLessThan(12_000);
        }
        assertThat(TENOR.requests).allMatch(uri -> uri.contains("key=" + TenorStub.KEY));
    }

    private static List<String> strings(Response response) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
        return response.body().valueStream().map(JsonNode::asString).toList();
    }
}
