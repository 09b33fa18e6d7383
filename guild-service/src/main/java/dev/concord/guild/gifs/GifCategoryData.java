package dev.concord.guild.gifs;

/**
 * A category of {@code GET /gifs/trending}: the search term it stands for, in the caller's language, and
 * a GIF rendition of one of its GIFs to show on its tile.
 */
record GifCategoryData(String name, String src) {}
