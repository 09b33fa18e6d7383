package dev.concord.guild.voice.filters;

import java.util.List;

/**
 * {@code voice-filters/catalog.json} as shipped: the models by the file each is served as, and the voices
 * with the oldest voice filter module version that runs each.
 */
record VoiceFilterCatalogFile(List<Model> models, List<Voice> voices) {

    VoiceFilterCatalogFile {
        models = List.copyOf(models);
        voices = List.copyOf(voices);
    }

    /** @param file its name under the CDN's model address */
    record Model(String id, String file) {}

    record Voice(String id, List<String> models, boolean requiresPremium, int minVfmVersion) {
        Voice {
            models = List.copyOf(models);
        }
    }
}
