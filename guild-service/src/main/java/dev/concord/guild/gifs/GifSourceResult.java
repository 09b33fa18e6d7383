package dev.concord.guild.gifs;

/**
 * One result of {@code GET /integrations/gifsource/search}: the provider's page and its GIF rendition.
 *
 * @param type always {@code gif}
 */
record GifSourceResult(String type, String url, String src, int width, int height) {

    static GifSourceResult of(GifItem item) {
        GifItem.Media gif = item.in(GifMediaFormat.GIF);
        return new GifSourceResult("gif", item.pageUrl(), gif.url(), gif.width(), gif.height());
    }
}
