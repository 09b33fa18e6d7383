package dev.concord.guild.emojis;

import static dev.concord.guild.emojis.EmojiImagesForTests.gif;
import static dev.concord.guild.emojis.EmojiImagesForTests.jpeg;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.web.image.Image;
import dev.concord.platform.web.image.ImageFormat;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class EmojiImagesTest {

    @Test
    void aSmallStillImageIsKeptAsSent() {
        byte[] sent = png(96, 64);

        EmojiPicture kept = EmojiImages.decoded(new Image(ImageFormat.PNG, sent));

        assertThat(kept.bytes()).isEqualTo(sent);
        assertThat(kept.format()).isEqualTo(ImageFormat.PNG);
        assertThat(kept.width()).isEqualTo(96);
        assertThat(kept.height()).isEqualTo(64);
        assertThat(kept.animated()).isFalse();
    }

    @Test
    void aLargerStillImageIsScaledToFit128AsPng() {
        EmojiPicture kept = EmojiImages.decoded(new Image(ImageFormat.JPEG, jpeg(512, 256)));

        assertThat(kept.format()).isEqualTo(ImageFormat.PNG);
        assertThat(kept.width()).isEqualTo(128);
        assertThat(kept.height()).isEqualTo(64);
        BufferedImage stored = EmojiImagesForTests.read(kept.bytes());
        assertThat(stored.getWidth()).isEqualTo(128);
        assertThat(stored.getHeight()).isEqualTo(64);
    }

    @Test
    void movingIsToldFromTheFramesNotTheType() {
        byte[] moving = gif(64, 64, 3);
        EmojiPicture animated = EmojiImages.decoded(new Image(ImageFormat.GIF, moving));
        EmojiPicture still = EmojiImages.decoded(new Image(ImageFormat.GIF, gif(64, 64, 1)));
        EmojiPicture large = EmojiImages.decoded(new Image(ImageFormat.GIF, gif(300, 200, 2)));

        assertThat(animated.animated()).isTrue();
        assertThat(animated.bytes()).isEqualTo(moving);
        assertThat(still.animated()).isFalse();
        assertThat(large.animated()).as("frames are kept untouched").isTrue();
        assertThat(large.format()).isEqualTo(ImageFormat.GIF);
    }

    @Test
    void webpIsRead() {
        EmojiPicture kept = EmojiImages.decoded(
                new Image(ImageFormat.WEBP, Base64.getDecoder().decode(EmojiImagesForTests.WEBP_1X1)));

        assertThat(kept).isNotNull();
        assertThat(kept.width()).isEqualTo(1);
        assertThat(kept.animated()).isFalse();
    }

    @Test
    void whatDoesNotDecodeIsRefused() {
        byte[] whole = png(64, 64);
        byte[] truncated = Arrays.copyOf(whole, whole.length / 2);
        byte[] signatureOnly = Arrays.copyOf(whole, 8);
        // A PNG whose header (IHDR, bytes 16-23) claims 65535x65535: refused before any pixel is decoded.
        byte[] huge = png(8, 8);
        huge[18] = (byte) 0xFF;
        huge[19] = (byte) 0xFF;
        huge[22] = (byte) 0xFF;
        huge[23] = (byte) 0xFF;

        assertThat(EmojiImages.decoded(new Image(ImageFormat.PNG, truncated))).isNull();
        assertThat(EmojiImages.decoded(new Image(ImageFormat.PNG, signatureOnly)))
                .isNull();
        assertThat(EmojiImages.decoded(new Image(ImageFormat.PNG, Arrays.copyOf(whole, 40))))
                .as("a header and no pixels")
                .isNull();
        assertThat(EmojiImages.decoded(new Image(ImageFormat.PNG, huge))).isNull();
    }
}
