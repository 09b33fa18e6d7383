package dev.concord.guild.gifs;

/**
 * A GIF as {@code /gifs/search} and the trending lists answer it: {@code src} in the asked format,
 * {@code gif_src} always a GIF, {@code width} and {@code height} those of {@code src}.
 *
 * @param title deprecated on the platform; still sent, as its clients read it
 * @param url the provider's page of the GIF
 */
record GifData(String id, String title, String url, String src, String gifSrc, String preview, int width, int height) {}
