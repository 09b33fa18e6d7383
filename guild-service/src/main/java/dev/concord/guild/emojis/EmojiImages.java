package dev.concord.guild.emojis;

import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import dev.concord.platform.web.image.Image;
import dev.concord.platform.web.image.ImageFormat;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Reads an uploaded emoji image: a data URI of PNG, JPEG, GIF or WebP (the content decides, not the claimed
 * type), at most {@link #MAX_BYTES}, that decodes. An emoji is shown at most 128x128: a still image larger
 * than that is scaled down to fit (as PNG, its proportions kept); an animated one is kept as sent, its frames
 * untouched. Decoding is CPU work on untrusted bytes, so it runs off the event loops, and images whose
 * header claims more than {@link #MAX_SIDE} pixels a side are refused before any pixel is decoded.
 */
@Component
final class EmojiImages {

    /** The platform's ceiling for an emoji image. */
    static final int MAX_BYTES = 256 * 1024;
    /** How large an emoji is shown, and kept when it is a still image. */
    static final int SIZE = 128;
    /** Beyond this, a header is not believed: decoding it could take more memory than the file suggests. */
    static final int MAX_SIDE = 4096;

    EmojiImages() {
        // Memory only: ImageIO would otherwise cache streams in temporary files.
        ImageIO.setUseCache(false);
        // The WebP reader registers itself through the service loader of the class path that is current
        // when ImageIO first looks, which in a packaged application may not be this one's.
        ImageIO.scanForPlugins();
    }

    /**
     * Checks {@code uri} as the body's {@code field}: the URI and the size now (400 50035 naming the
     * field), then the image itself, decoded on a worker.
     */
    Mono<EmojiPicture> read(String field, String uri) {
        Violations violations = new Violations();
        DataUriImage.check(violations, field, uri);
        violations.throwIfAny();
        Image image = DataUriImage.decode(uri);
        if (image.bytes().length > MAX_BYTES) {
            throw new Violations()
                    .add(field, "BINARY_TYPE_MAX_SIZE", "File cannot be larger than " + MAX_BYTES / 1024 + ".0 kb.")
                    .toException();
        }
        // fromCallable completes empty on null: an image that does not decode.
        return Mono.fromCallable(() -> decoded(image))
                .subscribeOn(Schedulers.boundedElastic())
                .switchIfEmpty(Mono.error(() -> new Violations()
                        .add(field, "IMAGE_INVALID", "Invalid image data")
                        .toException()));
    }

    /** The image measured and, if it is a still one larger than {@link #SIZE}, scaled; null when it does not decode. */
    static @Nullable EmojiPicture decoded(Image image) {
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(image.bytes()))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return null;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, false, false);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) {
                    return null;
                }
                BufferedImage first = reader.read(0);
                boolean animated = (image.format() == ImageFormat.GIF || image.format() == ImageFormat.WEBP)
                        && reader.getNumImages(true) > 1;
                if (animated || (width <= SIZE && height <= SIZE)) {
                    return new EmojiPicture(image.format(), image.bytes(), width, height, animated);
                }
                return scaled(first);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException unreadable) {
            // ImageIO's readers throw unchecked exceptions too (an index past a truncated file's frames).
            return null;
        }
    }

    private static EmojiPicture scaled(BufferedImage original) {
        double factor = Math.min((double) SIZE / original.getWidth(), (double) SIZE / original.getHeight());
        int width = Math.max(1, (int) Math.round(original.getWidth() * factor));
        int height = Math.max(1, (int) Math.round(original.getHeight() * factor));
        BufferedImage target = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D graphics = target.createGraphics();
        try {
            graphics.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            graphics.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            graphics.drawImage(original, 0, 0, width, height, null);
        } finally {
            graphics.dispose();
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(target, "png", png);
        } catch (IOException impossible) {
            throw new UncheckedIOException("writing PNG to memory", impossible);
        }
        return new EmojiPicture(ImageFormat.PNG, png.toByteArray(), width, height, false);
    }
}
