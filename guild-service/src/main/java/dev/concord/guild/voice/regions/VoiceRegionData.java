package dev.concord.guild.voice.regions;

/** The platform's voice region object. */
record VoiceRegionData(String id, String name, boolean optimal, boolean deprecated, boolean custom) {}
