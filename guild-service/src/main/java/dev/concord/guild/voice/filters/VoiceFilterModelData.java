package dev.concord.guild.voice.filters;

/** The platform's voice filter model: where its ONNX file is. */
record VoiceFilterModelData(String url) {}
