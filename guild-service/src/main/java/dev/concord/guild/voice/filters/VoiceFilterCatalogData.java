package dev.concord.guild.voice.filters;

import java.util.List;
import java.util.Map;

/** The answer of {@code GET /voice-filters/catalog}: the models by id, and the voices. */
record VoiceFilterCatalogData(Map<String, VoiceFilterModelData> models, List<VoiceFilterData> voices) {}
