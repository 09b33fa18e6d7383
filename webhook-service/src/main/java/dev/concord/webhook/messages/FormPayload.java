package dev.concord.webhook.messages;

import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Violations;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * The JSON a form carries in its {@code payload} field ({@code application/x-www-form-urlencoded}, as
 * Slack's senders and GitHub's "form" content type post it), read here rather than with Spring's form
 * reader: that one stops at 256 KiB, and a form-encoded push of many commits is larger, where a JSON body
 * may be 1 MiB. The field's bytes are percent-decoded as they are, so the JSON reader still refuses text
 * that is not UTF-8 (50109) instead of seeing it replaced.
 */
final class FormPayload {

    static final String FIELD = "payload";

    private FormPayload() {}

    /** The {@code payload} field read as {@code type} and validated: 413 past the JSON routes' limit, 50035 without it. */
    static <T extends Violations.Validatable> Mono<T> read(ServerRequest request, Class<T> type) {
        int maxBytes = JsonBodies.DEFAULT_MAX_BYTES;
        return Mono.defer(() -> {
            if (request.headers().contentLength().orElse(-1) > maxBytes) {
                return Mono.error(ApiErrors.requestTooLarge());
            }
            return DataBufferUtils.join(request.body(BodyExtractors.toDataBuffers()), maxBytes)
                    .onErrorMap(DataBufferLimitException.class, tooLarge -> ApiErrors.requestTooLarge())
                    .map(FormPayload::bytes)
                    .defaultIfEmpty(new byte[0])
                    .map(form -> JsonBodies.checked(field(form), type));
        });
    }

    /** The decoded value of the form's {@code payload} field (its first, if sent twice). */
    static byte[] field(byte[] form) {
        int start = 0;
        while (start <= form.length) {
            int end = indexOf(form, (byte) '&', start, form.length);
            int equals = indexOf(form, (byte) '=', start, end);
            byte[] name = decode(form, start, equals);
            if (new String(name, StandardCharsets.UTF_8).equals(FIELD)) {
                return equals < end ? decode(form, equals + 1, end) : new byte[0];
            }
            start = end + 1;
        }
        throw new Violations().required(FIELD, null).toException();
    }

    /** The index of {@code b} in {@code [from, to)}, or {@code to}. */
    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return to;
    }

    /** {@code [from, to)} with {@code +} as a space and {@code %XX} as its byte; a broken escape is 50109. */
    private static byte[] decode(byte[] form, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(0, to - from));
        for (int i = from; i < to; i++) {
            byte b = form[i];
            if (b == '+') {
                out.write(' ');
            } else if (b == '%') {
                if (i + 2 >= to) {
                    throw ApiErrors.invalidJson();
                }
                int high = Character.digit(form[i + 1], 16);
                int low = Character.digit(form[i + 2], 16);
                if (high < 0 || low < 0) {
                    throw ApiErrors.invalidJson();
                }
                out.write((high << 4) | low);
                i += 2;
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
