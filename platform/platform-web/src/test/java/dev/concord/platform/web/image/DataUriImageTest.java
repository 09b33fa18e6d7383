package dev.concord.platform.web.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DataUriImageTest {

    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    static final byte[] JPEG = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0};
    static final byte[] GIF = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, 0, 0, 0};
    static final byte[] WEBP = {'R', 'I', 'F', 'F', 4, 0, 0, 0, 'W', 'E', 'B', 'P', 'V', 'P', '8', ' '};

    static String uri(String type, byte[] bytes) {
        return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void decodesEverySupportedFormat() {
        assertThat(DataUriImage.decode(uri("image/png", PNG)).format()).isEqualTo(ImageFormat.PNG);
        assertThat(DataUriImage.decode(uri("image/jpeg", JPEG)).format()).isEqualTo(ImageFormat.JPEG);
        assertThat(DataUriImage.decode(uri("image/jpg", JPEG)).format()).isEqualTo(ImageFormat.JPEG);
        assertThat(DataUriImage.decode(uri("image/gif", GIF)).format()).isEqualTo(ImageFormat.GIF);
        assertThat(DataUriImage.decode(uri("image/webp", WEBP)).format()).isEqualTo(ImageFormat.WEBP);
        assertThat(DataUriImage.decode(uri("image/png", PNG)).bytes()).isEqualTo(PNG);
        for (String valid : List.of(uri("image/png", PNG), uri("IMAGE/PNG", PNG), uri("image/gif", GIF))) {
            assertThat(errorCode(valid)).isNull();
        }
    }

    @Test
    void hashesByContentAndMarksAnimatedImages() {
        String png = DataUriImage.decode(uri("image/png", PNG)).hash();
        String gif = DataUriImage.decode(uri("image/gif", GIF)).hash();

        assertThat(png)
                .matches("[0-9a-f]{32}")
                .isEqualTo(DataUriImage.decode(uri("image/png", PNG)).hash());
        assertThat(gif).matches("a_[0-9a-f]{32}");
    }

    @Test
    void theContentDecidesTheFormatNotTheClaim() {
        assertThat(errorCode(uri("image/png", GIF))).isNull();
        assertThat(DataUriImage.decode(uri("image/png", GIF)).hash()).startsWith("a_");
    }

    @Test
    void refusesWhatIsNotASupportedImage() {
        assertThat(errorCode("https://example.org/avatar.png")).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode("data:image/png," + "abc")).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode(uri("image/bmp", PNG))).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode(uri("text/plain", PNG))).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode(uri("image/png", "hello, world".getBytes()))).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode("data:image/png;base64,")).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode("data:image/png;base64,iVBORw0K GgoAAAANSUhEUg==")).isEqualTo("IMAGE_INVALID");
        assertThat(errorCode("data:image/png;base64,iVBORw0KGgo=AAAANSUhEUg")).isEqualTo("IMAGE_INVALID");
    }

    @Test
    void refusesImagesOverTenMebibytes() {
        byte[] atLimit = Arrays.copyOf(PNG, DataUriImage.MAX_BYTES);
        byte[] overLimit = Arrays.copyOf(PNG, DataUriImage.MAX_BYTES + 1);

        assertThat(errorCode(uri("image/png", atLimit))).isNull();
        assertThat(errorCode(uri("image/png", overLimit))).isEqualTo("BINARY_TYPE_MAX_SIZE");
    }

    @SuppressWarnings("unchecked")
    private static String errorCode(String uri) {
        Violations violations = new Violations();
        DataUriImage.check(violations, "avatar", uri);
        try {
            violations.throwIfAny();
        } catch (ApiException e) {
            Map<String, Object> field = (Map<String, Object>) e.errors().get("avatar");
            return ((List<Map<String, String>>) field.get("_errors")).get(0).get("code");
        }
        return null;
    }
}
