package dev.concord.platform.web;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * Whether a body's {@code Content-Type} is JSON the platform reads: {@code application/json} (or a
 * {@code +json} type), in UTF-8. Anything else, an unknown or malformed charset included, is 415 in the
 * platform's shape, as a wrong media type always was: the charset is part of the media type, and RFC 8259
 * (8.1) has JSON exchanged between systems in UTF-8 only. Spring's own parsing throws on an unknown
 * charset name, which used to surface as a 500 on every JSON route.
 */
final class JsonContentType {

    private JsonContentType() {}

    static void check(@Nullable String header) {
        if (header == null) {
            throw ApiErrors.unsupportedMediaType();
        }
        MediaType type;
        try {
            type = MediaType.parseMediaType(header);
        } catch (InvalidMediaTypeException unknownCharsetOrMalformed) {
            throw ApiErrors.unsupportedMediaType();
        }
        boolean json = type.getType().equalsIgnoreCase("application")
                && (type.getSubtype().equalsIgnoreCase("json")
                        || type.getSubtype().toLowerCase(Locale.ROOT).endsWith("+json"));
        if (!json || (type.getCharset() != null && !StandardCharsets.UTF_8.equals(type.getCharset()))) {
            throw ApiErrors.unsupportedMediaType();
        }
    }
}
