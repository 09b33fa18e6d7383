/**
 * The voice filter catalog ({@code GET /voice-filters/catalog}): the voices a client's voice filter module
 * of a given version can use and the ONNX models they run, from the catalog this service ships
 * ({@code voice-filters/catalog.json}).
 */
@NullMarked
package dev.concord.guild.voice.filters;

import org.jspecify.annotations.NullMarked;
