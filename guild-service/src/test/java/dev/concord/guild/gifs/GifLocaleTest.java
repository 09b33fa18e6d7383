package dev.concord.guild.gifs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.web.ApiException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GifLocaleTest {

    @Test
    void languageTagsAreNormalizedAndGarbageRefused() {
        assertThat(GifLocale.parse(null)).isEqualTo(GifLocale.DEFAULT);
        assertThat(GifLocale.parse("")).isEqualTo(GifLocale.DEFAULT);
        assertThat(GifLocale.parse("en_us").tag()).isEqualTo("en-US");
        assertThat(GifLocale.parse("pt-br").underscored()).isEqualTo("pt_BR");
        assertThat(GifLocale.parse("es-419").language()).isEqualTo("es");
        assertThat(GifLocale.parse("zh-Hant-TW").tag()).isEqualTo("zh-Hant-TW");
        for (String bad : new String[] {"<script>", "e", "english!", "en US", "12-34", "en-US-" + "x".repeat(9)}) {
            assertThatThrownBy(() -> GifLocale.parse(bad)).as(bad).isInstanceOf(ApiException.class);
        }
    }

    @Test
    void aMissingRenditionFallsBackToItsContainerThenTheGif() {
        GifItem item = new GifItem(
                "1",
                "t",
                "page",
                "preview",
                Map.of(
                        GifMediaFormat.GIF, new GifItem.Media("g", 4, 3),
                        GifMediaFormat.MP4, new GifItem.Media("m", 8, 6)));
        assertThat(item.in(GifMediaFormat.LOOPEDMP4).url()).isEqualTo("m");
        assertThat(item.in(GifMediaFormat.NANOMP4).url()).isEqualTo("m");
        assertThat(item.in(GifMediaFormat.TINYWEBM).url()).isEqualTo("g");
        assertThat(item.toData(GifMediaFormat.TINYMP4))
                .isEqualTo(new GifData("1", "t", "page", "m", "g", "preview", 8, 6));
        assertThat(GifMediaFormat.parse(null)).isEqualTo(GifMediaFormat.MEDIUMGIF);
        assertThatThrownBy(() -> GifMediaFormat.parse("MP4")).isInstanceOf(ApiException.class);
    }
}
