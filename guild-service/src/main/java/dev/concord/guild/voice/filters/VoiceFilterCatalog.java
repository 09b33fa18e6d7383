package dev.concord.guild.voice.filters;

import dev.concord.platform.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * The shipped catalog, read once at startup (a catalog naming a model it does not list stops the service
 * from starting), answered per voice filter module version: the voices that version runs and the models
 * those voices use, each at the CDN address it is fetched from.
 */
@Component
final class VoiceFilterCatalog {

    static final String RESOURCE = "voice-filters/catalog.json";

    /** See {@link #available}. */
    private static final boolean CALLERS_ARE_PREMIUM = true;

    private final VoiceFilterCatalogFile catalog;
    private final Map<String, VoiceFilterCatalogFile.Model> models;
    private final String modelBaseUrl;

    VoiceFilterCatalog(@Value("${concord.voice-filters.model-base-url}") String modelBaseUrl) {
        this.catalog = read();
        this.models = catalog.models().stream()
                .collect(Collectors.toMap(VoiceFilterCatalogFile.Model::id, Function.identity()));
        this.modelBaseUrl = modelBaseUrl.endsWith("/") ? modelBaseUrl : modelBaseUrl + "/";
        for (VoiceFilterCatalogFile.Voice voice : catalog.voices()) {
            for (String model : voice.models()) {
                if (!models.containsKey(model)) {
                    throw new IllegalStateException(RESOURCE + ": voice " + voice.id() + " uses model " + model
                            + ", which the catalog does not list");
                }
            }
        }
    }

    /** What a client whose voice filter module is version {@code vfmVersion} can use. */
    VoiceFilterCatalogData forModuleVersion(int vfmVersion) {
        List<VoiceFilterCatalogFile.Voice> voices = catalog.voices().stream()
                .filter(voice -> voice.minVfmVersion() <= vfmVersion)
                .toList();
        Map<String, VoiceFilterModelData> used = new LinkedHashMap<>();
        for (VoiceFilterCatalogFile.Voice voice : voices) {
            for (String model : voice.models()) {
                used.computeIfAbsent(model, this::model);
            }
        }
        return new VoiceFilterCatalogData(
                used,
                voices.stream()
                        .map(voice -> new VoiceFilterData(
                                voice.id(), voice.models(), voice.requiresPremium(), available(voice)))
                        .toList());
    }

    /** A model the catalog lists (checked at startup), at its CDN address. */
    private VoiceFilterModelData model(String id) {
        return new VoiceFilterModelData(
                modelBaseUrl + Objects.requireNonNull(models.get(id)).file());
    }

    /**
     * Whether the caller may use {@code voice}: a premium voice needs a premium subscription. There are
     * none here (remote-auth-service gives every user {@code premium_type} 0 and guild-service's user
     * replica does not keep it); until there are, everyone counts as premium, so premium voices are open to
     * everyone rather than to no one.
     */
    private static boolean available(VoiceFilterCatalogFile.Voice voice) {
        return !voice.requiresPremium() || CALLERS_ARE_PREMIUM;
    }

    private static VoiceFilterCatalogFile read() {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            return Json.mapper().readValue(in, VoiceFilterCatalogFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
