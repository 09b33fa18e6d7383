package dev.concord.guild.gifs;

import java.util.List;

/** {@code GET /gifs/trending}: the categories, and one trending GIF the picker shows as its placeholder. */
record GifTrendingData(List<GifCategoryData> categories, List<GifData> gifs) {}
