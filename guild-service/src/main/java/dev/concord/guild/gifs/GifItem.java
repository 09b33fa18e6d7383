package dev.concord.guild.gifs;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One GIF as a provider describes it, whichever provider: its page, its still preview and its media in
 * each rendition it has. The wire shapes ({@link GifData}, {@link GifSourceResult}) are made from it for
 * the format a caller asks for.
 *
 * @param pageUrl the provider's page of the GIF (what a person pastes into a message)
 */
record GifItem(String id, String title, String pageUrl, String previewUrl, Map<GifMediaFormat, Media> media) {

    /** One rendition's file and size. */
    record Media(String url, int width, int height) {}

    GifItem {
        media = Map.copyOf(media);
    }

    /**
     * The rendition of {@code format} (loopedmp4's own when the provider has one, else mp4's); a provider
     * lacking it answers its container's full-size rendition, then the GIF, so a caller always gets media
     * of some size rather than an item without {@code src}.
     */
    Media in(GifMediaFormat format) {
        Media found = media.get(format);
        if (found == null) {
            found = media.get(format.stored());
        }
        if (found == null) {
            found = media.get(full(format.container));
        }
        if (found == null) {
            found = media.get(GifMediaFormat.GIF);
        }
        if (found == null) {
            found = media.values().iterator().next();
        }
        return found;
    }

    /** Whether the item has anything to show: providers drop items without media. */
    static boolean hasMedia(@Nullable Map<GifMediaFormat, Media> media) {
        return media != null && !media.isEmpty();
    }

    GifData toData(GifMediaFormat format) {
        Media src = in(format);
        return new GifData(
                id, title, pageUrl, src.url(), in(GifMediaFormat.GIF).url(), previewUrl, src.width(), src.height());
    }

    private static GifMediaFormat full(GifMediaFormat.Container container) {
        return switch (container) {
            case GIF -> GifMediaFormat.GIF;
            case MP4 -> GifMediaFormat.MP4;
            case WEBM -> GifMediaFormat.WEBM;
        };
    }
}
