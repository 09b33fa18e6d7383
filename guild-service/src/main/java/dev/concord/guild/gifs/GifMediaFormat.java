package dev.concord.guild.gifs;

import dev.concord.platform.web.Violations;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The {@code media_format} values the platform accepts, named as Tenor names its renditions (so the Tenor
 * adapter maps them one to one). {@code loopedmp4} is the same clip as {@code mp4}: a provider without a
 * looped rendition answers the mp4.
 */
enum GifMediaFormat {
    MP4(Container.MP4),
    TINYMP4(Container.MP4),
    NANOMP4(Container.MP4),
    LOOPEDMP4(Container.MP4),
    WEBM(Container.WEBM),
    TINYWEBM(Container.WEBM),
    NANOWEBM(Container.WEBM),
    GIF(Container.GIF),
    MEDIUMGIF(Container.GIF),
    TINYGIF(Container.GIF),
    NANOGIF(Container.GIF);

    /** What {@code /gifs/search} and the trending lists answer in when no format is asked for. */
    static final GifMediaFormat DEFAULT = MEDIUMGIF;

    static final List<String> NAMES =
            Arrays.stream(values()).map(GifMediaFormat::wireName).toList();

    /** A rendition's file type: its extension and the Content-Type it is served with. */
    enum Container {
        GIF("gif", "image/gif"),
        MP4("mp4", "video/mp4"),
        WEBM("webm", "video/webm");

        final String extension;
        final String contentType;

        Container(String extension, String contentType) {
            this.extension = extension;
            this.contentType = contentType;
        }
    }

    final Container container;

    GifMediaFormat(Container container) {
        this.container = container;
    }

    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The rendition a provider keeps for this format: loopedmp4 is mp4's clip. */
    GifMediaFormat stored() {
        return this == LOOPEDMP4 ? MP4 : this;
    }

    static @Nullable GifMediaFormat byName(String name) {
        return NAMES.contains(name) ? valueOf(name.toUpperCase(Locale.ROOT)) : null;
    }

    /** The {@code media_format} query parameter; the default when absent, a 50035 naming it when unknown. */
    static GifMediaFormat parse(@Nullable String value) {
        if (value == null) {
            return DEFAULT;
        }
        GifMediaFormat format = byName(value);
        if (format == null) {
            throw new Violations().oneOf("media_format", value, NAMES).toException();
        }
        return format;
    }
}
