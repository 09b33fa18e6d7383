package dev.concord.guild.emojis;

import dev.concord.platform.web.image.ImageFormat;

/**
 * An emoji's image as it is kept: its bytes and format, its size in pixels, and whether it moves (told
 * from its own frames, not from what the uploader claimed).
 */
record EmojiPicture(ImageFormat format, byte[] bytes, int width, int height, boolean animated) {

    @Override
    public String toString() {
        return "EmojiPicture[" + format + ", " + width + "x" + height + (animated ? ", animated" : "") + ", "
                + bytes.length + " bytes]";
    }
}
