package dev.concord.guild.voice.filters;

import java.util.List;

/** The platform's voice filter: a voice, the models it runs, and whether the caller may use it. */
record VoiceFilterData(String id, List<String> models, boolean requiresPremium, boolean available) {

    VoiceFilterData {
        models = List.copyOf(models);
    }
}
