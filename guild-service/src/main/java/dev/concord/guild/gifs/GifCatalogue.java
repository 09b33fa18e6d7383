package dev.concord.guild.gifs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The offline catalogue shipped as {@code gifs/catalogue.json} (its media drawn by
 * {@code scripts/generate-gif-catalogue} under {@code gifs/media/}): the renditions every item has and
 * their sizes, the categories with their names by locale, and the items with their titles and search tags
 * by locale. Read once at startup; a catalogue naming an unknown category or preview stops the service.
 */
@Component
final class GifCatalogue {

    static final String RESOURCE = "gifs/catalogue.json";
    /** The still shown before a clip plays: a PNG, not a {@code media_format}. */
    static final String PREVIEW = "preview";

    /** A rendition's file name under the item's folder, and its size. */
    record Rendition(String name, String file, int width, int height) {}

    record Category(String id, Texts<String> names, String previewItem) {}

    record Item(String id, String category, Texts<String> titles, Texts<List<String>> tags) {}

    private final Map<String, Rendition> renditions = new LinkedHashMap<>();
    private final Map<String, Category> categories = new LinkedHashMap<>();
    private final Map<String, Item> items = new LinkedHashMap<>();

    GifCatalogue(JsonMapper mapper) {
        JsonNode root;
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            root = mapper.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " is unreadable", e);
        }
        root.get("renditions").properties().forEach(entry -> {
            String name = entry.getKey();
            String extension = PREVIEW.equals(name)
                    ? "png"
                    : GifMediaFormat.valueOf(name.toUpperCase(Locale.ROOT)).container.extension;
            JsonNode size = entry.getValue();
            renditions.put(
                    name,
                    new Rendition(
                            name,
                            name + "." + extension,
                            size.get("width").asInt(),
                            size.get("height").asInt()));
        });
        for (GifMediaFormat format : GifMediaFormat.values()) {
            // Every format a caller may ask for has its own file (loopedmp4 is mp4's), and so does the preview.
            if (format.stored() == format && !renditions.containsKey(format.wireName())) {
                throw new IllegalStateException(RESOURCE + ": no rendition " + format.wireName());
            }
        }
        if (!renditions.containsKey(PREVIEW)) {
            throw new IllegalStateException(RESOURCE + ": no rendition " + PREVIEW);
        }
        for (JsonNode node : root.get("categories")) {
            Category category = new Category(
                    node.get("id").asString(),
                    Texts.of(node.get("names"), JsonNode::asString),
                    node.get("preview").asString());
            categories.put(category.id(), category);
        }
        for (JsonNode node : root.get("items")) {
            Item item = new Item(
                    node.get("id").asString(),
                    node.get("category").asString(),
                    Texts.of(node.get("titles"), JsonNode::asString),
                    Texts.of(
                            node.get("tags"),
                            tags -> tags.valueStream().map(JsonNode::asString).toList()));
            if (!categories.containsKey(item.category())) {
                throw new IllegalStateException(RESOURCE + ": " + item.id() + " names no category " + item.category());
            }
            if (items.put(item.id(), item) != null) {
                throw new IllegalStateException(RESOURCE + ": two items have the id " + item.id());
            }
        }
        categories.values().stream()
                .filter(category -> !items.containsKey(category.previewItem()))
                .findFirst()
                .ifPresent(category -> {
                    throw new IllegalStateException(RESOURCE + ": category " + category.id()
                            + " previews an item it does not list: " + category.previewItem());
                });
    }

    Map<String, Rendition> renditions() {
        return renditions;
    }

    /** A rendition every item has (checked at startup). */
    Rendition rendition(String name) {
        return Objects.requireNonNull(renditions.get(name), name);
    }

    List<Category> categories() {
        return List.copyOf(categories.values());
    }

    List<Item> items() {
        return List.copyOf(items.values());
    }

    Optional<Item> item(String id) {
        return Optional.ofNullable(items.get(id));
    }

    Category category(String id) {
        return Objects.requireNonNull(categories.get(id), id);
    }

    /** Every item, a category at a time in turn, so a list's first page shows every category. */
    List<Item> interleaved() {
        Map<String, List<Item>> byCategory = new LinkedHashMap<>();
        items.values().forEach(item -> byCategory
                .computeIfAbsent(item.category(), c -> new ArrayList<>())
                .add(item));
        List<Item> mixed = new ArrayList<>();
        for (int round = 0; mixed.size() < items.size(); round++) {
            for (List<Item> inCategory : byCategory.values()) {
                if (round < inCategory.size()) {
                    mixed.add(inCategory.get(round));
                }
            }
        }
        return mixed;
    }
}
