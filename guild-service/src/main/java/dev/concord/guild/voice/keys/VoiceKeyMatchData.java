package dev.concord.guild.voice.keys;

/** The answer of {@code POST /voice/{user.id}/match-public-key}: whether the key is one the user uploaded. */
record VoiceKeyMatchData(boolean isMatch) {}
