package dev.concord.guild.discovery;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The discovery category catalogue, shipped as {@code discovery/categories.json}: each category's id,
 * whether a guild may take it as its primary category, and its name by locale ({@code en-US} always;
 * other locales fall back to it, and a regional locale such as {@code fr-CA} to its language).
 */
@Component
final class DiscoveryCategories {

    static final String DEFAULT_LOCALE = "en-US";

    /** One category as {@code GET /discovery/categories} answers it. */
    record Category(int id, String name, boolean isPrimary) {}

    private record Entry(int id, boolean primary, Map<String, String> names) {
        Category in(String locale) {
            String name = names.get(locale);
            if (name == null && locale.contains("-")) {
                name = names.get(locale.substring(0, locale.indexOf('-')));
            }
            return new Category(id, name != null ? name : names.getOrDefault(DEFAULT_LOCALE, ""), primary);
        }
    }

    private final Map<Integer, Entry> entries = new LinkedHashMap<>();

    DiscoveryCategories(JsonMapper mapper) {
        try (InputStream in = new ClassPathResource("discovery/categories.json").getInputStream()) {
            for (JsonNode node : mapper.readTree(in)) {
                Map<String, String> names = new LinkedHashMap<>();
                node.get("name")
                        .properties()
                        .forEach(
                                name -> names.put(name.getKey(), name.getValue().asString()));
                if (!names.containsKey(DEFAULT_LOCALE)) {
                    throw new IllegalStateException("discovery category " + node.get("id") + " has no en-US name");
                }
                Entry entry =
                        new Entry(node.get("id").asInt(), node.get("is_primary").asBoolean(), Map.copyOf(names));
                if (entries.put(entry.id(), entry) != null) {
                    throw new IllegalStateException("two discovery categories have the id " + entry.id());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("discovery/categories.json is unreadable", e);
        }
    }

    /** Every category (or only those a guild may take as primary), named in {@code locale}. */
    List<Category> all(String locale, boolean primaryOnly) {
        return entries.values().stream()
                .filter(entry -> !primaryOnly || entry.primary())
                .map(entry -> entry.in(locale))
                .toList();
    }

    Optional<Category> find(int id, String locale) {
        return Optional.ofNullable(entries.get(id)).map(entry -> entry.in(locale));
    }

    boolean isPrimary(int id) {
        Entry entry = entries.get(id);
        return entry != null && entry.primary();
    }

    boolean exists(int id) {
        return entries.containsKey(id);
    }
}
