package dev.concord.guild.gifs;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Tenor v2's answers read into provider-neutral items. A response object's {@code media_formats} is keyed
 * by rendition names that are the platform's {@code media_format} values ({@code mediumgif},
 * {@code tinymp4}, ...), so each maps to the value of the same name; {@code gifpreview} is the still
 * preview. Items without any known rendition are dropped rather than answered without {@code src}.
 */
final class TenorResults {

    /** The renditions asked for, to keep answers small: the platform's formats and the preview. */
    static final String MEDIA_FILTER =
            GifMediaFormat.NAMES.stream().collect(Collectors.joining(",")) + ",gifpreview,tinygifpreview";

    private TenorResults() {}

    static List<GifItem> items(JsonNode body) {
        return body.path("results")
                .valueStream()
                .map(TenorResults::item)
                .filter(Objects::nonNull)
                .toList();
    }

    static List<GifCategoryData> categories(JsonNode body) {
        return body.path("tags")
                .valueStream()
                .filter(tag ->
                        tag.path("searchterm").isString() && tag.path("image").isString())
                .map(tag -> new GifCategoryData(
                        tag.get("searchterm").asString(), tag.get("image").asString()))
                .toList();
    }

    /** The {@code results} of autocomplete, search_suggestions and trending_terms: plain strings. */
    static List<String> terms(JsonNode body) {
        return body.path("results")
                .valueStream()
                .filter(JsonNode::isString)
                .map(JsonNode::asString)
                .toList();
    }

    private static @Nullable GifItem item(JsonNode result) {
        String id = result.path("id").asString("");
        JsonNode formats = result.path("media_formats");
        Map<GifMediaFormat, GifItem.Media> media = new EnumMap<>(GifMediaFormat.class);
        formats.properties().forEach(entry -> {
            GifMediaFormat format = GifMediaFormat.byName(entry.getKey());
            String url = entry.getValue().path("url").asString("");
            if (format != null && !url.isEmpty()) {
                JsonNode dims = entry.getValue().path("dims");
                media.put(
                        format,
                        new GifItem.Media(
                                url, dims.path(0).asInt(0), dims.path(1).asInt(0)));
            }
        });
        if (id.isEmpty() || !GifItem.hasMedia(media)) {
            return null;
        }
        String title = result.path("title").asString("");
        if (title.isEmpty()) {
            title = result.path("content_description").asString("");
        }
        String page = result.path("itemurl").asString(result.path("url").asString(""));
        String preview = formats.path("gifpreview")
                .path("url")
                .asString(formats.path("tinygifpreview").path("url").asString(""));
        if (preview.isEmpty()) {
            // No still offered: the smallest animated rendition stands in, as a preview is never absent.
            preview = new GifItem(id, title, page, "", media)
                    .in(GifMediaFormat.TINYGIF)
                    .url();
        }
        return new GifItem(id, title, page, preview, media);
    }
}
