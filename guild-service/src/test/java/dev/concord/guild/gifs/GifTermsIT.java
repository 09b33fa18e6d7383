package dev.concord.guild.gifs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Trending and suggested terms counted from use: searches that found something and choices, per
 * language, fading with age. Each test uses a language of its own, as counts are per language.
 */
class GifTermsIT extends GuildApiSupport {

    @Autowired
    RedisReactiveCommands<String, String> redis;

    @Autowired
    RedisSettings redisSettings;

    @Test
    void trendingTermsMoveWithSearchesAndChoices() {
        Snowflake user = newUser("trendsetter");
        assertThat(terms(user, "/gifs/trending-search?locale=nl"))
                .as("no use yet: the catalogue's categories (no Dutch names: English)")
                .containsExactly("happy", "sad", "love", "dance", "hello");

        search(user, "party", "nl", 3);
        search(user, "Rain", "nl", 2);
        search(user, "heart", "nl-BE", 1);
        search(user, "zzzqqq", "nl", 5);
        assertThat(terms(user, "/gifs/trending-search?locale=nl&limit=3"))
                .as(
                        "most searched first; a regional locale counts for its language; a search that found nothing does not count")
                .containsExactly("party", "rain", "heart");
        assertThat(terms(user, "/gifs/trending-search?locale=nl&limit=5"))
                .as("topped up with the catalogue's categories")
                .containsExactly("party", "rain", "heart", "happy", "sad");
        assertThat(terms(user, "/gifs/trending-search?locale=sv&limit=1"))
                .as("other languages are counted apart")
                .containsExactly("happy");

        for (int i = 0; i < 2; i++) {
            assertThat(as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"sparkles\", \"q\": \"Sparkles\"}")
                            .status())
                    .isEqualTo(204);
        }
        assertThat(terms(user, "/gifs/trending-search?locale=nl&limit=2"))
                .as("a choice weighs two searches, in the language of the chooser's last search")
                .containsExactly("sparkles", "party");
        assertThat(as(user, HttpMethod.POST, "/gifs/select", "{\"id\": \"sparkles\"}")
                        .status())
                .as("chosen from a list, without a search")
                .isEqualTo(204);
    }

    @Test
    void olderUseFades() {
        Snowflake user = newUser("historian");
        long hour = System.currentTimeMillis() / Duration.ofHours(1).toMillis();
        // Ten searches twelve hours ago (two half-lives: 2.5 now) and three just now.
        redis.zincrby(redisSettings.key("gifs:terms:{da}:" + (hour - 12)), 10, "yesterday")
                .block(Duration.ofSeconds(5));
        search(user, "hello", "da", 3);
        assertThat(terms(user, "/gifs/trending-search?locale=da&limit=2")).containsExactly("hello", "yesterday");
    }

    @Test
    void suggestionsArePrefixMatchesRankedByUse() {
        Snowflake user = newUser("typist");
        assertThat(terms(user, "/gifs/suggest?q=pa&locale=it"))
                .as("nothing used yet: the catalogue's terms beginning with the text")
                .startsWith("party", "party time");
        search(user, "party time", "it", 2);
        search(user, "disco party", "it", 3);
        assertThat(terms(user, "/gifs/suggest?q=pa&locale=it&limit=3"))
                .as("used terms beginning with the text or with a word beginning with it, most used first")
                .containsExactly("disco party", "party time", "party");
        assertThat(terms(user, "/gifs/suggest?q=party time&locale=it")).doesNotContain("party time");
        assertThat(terms(user, "/gifs/suggest?q=qqqzzz&locale=it")).isEmpty();
    }

    private void search(Snowflake user, String term, String locale, int times) {
        for (int i = 0; i < times; i++) {
            assertThat(get(user, "/gifs/search?q=" + term + "&locale=" + locale).status())
                    .isEqualTo(200);
        }
    }

    private List<String> terms(Snowflake user, String path) {
        JsonNode body = get(user, path).body();
        assertThat(body.isArray()).as("%s", body).isTrue();
        return body.valueStream().map(JsonNode::asString).toList();
    }
}
