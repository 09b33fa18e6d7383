package dev.concord.bench;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * A real animated GIF as large as an emoji may be, made in memory with ImageIO (as guild-service's tests make
 * theirs): 128x128 frames, the size an emoji is shown at, of seeded noise, which LZW cannot shrink, so that
 * the file's size is what the upload carries and guild-service decodes. The noise is spread over as many
 * frames as it takes to come within a few hundred bytes under the ceiling.
 */
final class EmojiGif {

    private static final int SIDE = 128;
    /** Frames at most: more noise than this would be far over any emoji's ceiling. */
    private static final int MAX_FRAMES = 64;

    private final byte[] bytes;
    private final int frames;

    private EmojiGif(byte[] bytes, int frames) {
        this.bytes = bytes;
        this.frames = frames;
    }

    /** The file; not to be changed. */
    byte[] bytes() {
        return bytes;
    }

    int frames() {
        return frames;
    }

    /** The largest GIF of this kind of at most {@code maxBytes} bytes, of two frames at least. */
    static EmojiGif justUnder(int maxBytes) {
        // The bytes grow with the rows of noise: the most rows whose GIF still fits.
        int low = 0;
        int high = SIDE * MAX_FRAMES;
        EmojiGif best = written(2 * SIDE);
        if (best.bytes.length > maxBytes) {
            throw new IllegalArgumentException("two frames of noise are already more than " + maxBytes + " bytes");
        }
        while (low < high) {
            int rows = (low + high + 1) / 2;
            EmojiGif gif = written(Math.max(rows, 2 * SIDE));
            if (gif.bytes.length <= maxBytes) {
                best = gif.bytes.length > best.bytes.length ? gif : best;
                low = rows;
            } else {
                high = rows - 1;
            }
        }
        return best;
    }

    /** {@code noiseRows} rows of noise, 128 to a frame; the last frame's other rows are blank. */
    private static EmojiGif written(int noiseRows) {
        int frames = (noiseRows + SIDE - 1) / SIDE;
        Random random = new Random(20);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            for (int i = 0; i < frames; i++) {
                BufferedImage frame = new BufferedImage(SIDE, SIDE, BufferedImage.TYPE_BYTE_INDEXED);
                byte[] pixels = ((DataBufferByte) frame.getRaster().getDataBuffer()).getData();
                byte[] noise = new byte[Math.min(SIDE, noiseRows - i * SIDE) * SIDE];
                random.nextBytes(noise);
                System.arraycopy(noise, 0, pixels, 0, noise.length);
                writer.writeToSequence(new IIOImage(frame, null, null), null);
            }
            writer.endWriteSequence();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return new EmojiGif(bytes.toByteArray(), frames);
    }
}
