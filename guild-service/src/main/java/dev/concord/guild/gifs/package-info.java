/**
 * GIF search, the platform's picker: search, trending GIFs and categories, trending and suggested search
 * terms, and the record of a chosen GIF. GIFs come from a {@link GifProvider}: by default the offline
 * catalogue shipped in {@code gifs/} (its media served at {@code /gifs/media/**}), or a Tenor-v2
 * compatible service. Search terms and choices are counted in Redis, so the trending and suggested terms
 * are what people here actually search for.
 */
@NullMarked
package dev.concord.guild.gifs;

import org.jspecify.annotations.NullMarked;
