package dev.concord.webhook.messages;

import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.http.codec.multipart.FilePartEvent;
import org.springframework.http.codec.multipart.PartEvent;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A message sent as {@code multipart/form-data}, as the platform takes files: the JSON body in the part
 * {@code payload_json} and each file in a part {@code files[n]} (any other file part name is taken in
 * order). Files stream from the request into the blob store as they arrive; nothing holds a whole file.
 * A request past 100 MiB in all ({@code concord.attachments.max-request-bytes}) is refused with 413 as it
 * streams. When anything fails, the files already stored are removed.
 */
final class MultipartMessage {

    /** The JSON of a message is small; the platform's own limit on a JSON body is far below this. */
    static final int MAX_PAYLOAD_BYTES = 1024 * 1024;

    private static final Pattern FILE_PART = Pattern.compile("files\\[(\\d+)]");

    /** The body and the stored files of a multipart message. */
    record Parsed<T>(T body, List<Upload> uploads) {}

    private MultipartMessage() {}

    static boolean isMultipart(ServerRequest request) {
        return request.headers()
                .contentType()
                .map(type -> type.isCompatibleWith(MediaType.MULTIPART_FORM_DATA))
                .orElse(false);
    }

    static Mono<Parsed<MessageCreateRequest>> read(
            ServerRequest request, Snowflake channelId, Attachments attachments, SnowflakeGenerator ids) {
        return read(request, channelId, attachments, ids, MessageCreateRequest.class, MultipartMessage::emptyBody);
    }

    /** As above, with {@code payload_json} read as {@code bodyType} ({@code empty} when there is none). */
    static <T extends Violations.Validatable> Mono<Parsed<T>> read(
            ServerRequest request,
            Snowflake channelId,
            Attachments attachments,
            SnowflakeGenerator ids,
            Class<T> bodyType,
            Supplier<T> empty) {
        List<Upload> uploads = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        BlobStore store = attachments.store();
        AtomicLong received = new AtomicLong();
        return request.bodyToFlux(PartEvent.class)
                // The whole request's ceiling, counted as it streams: every part, files or not.
                .doOnNext(event -> {
                    if (received.addAndGet(event.content().readableByteCount()) > attachments.maxRequestBytes()) {
                        DataBufferUtils.release(event.content());
                        throw ApiErrors.requestTooLarge();
                    }
                })
                .windowUntil(PartEvent::isLast)
                .concatMap(part -> part.switchOnFirst((first, events) -> {
                    PartEvent event = first.get();
                    if (event instanceof FilePartEvent file) {
                        if (uploads.size() >= Attachments.MAX_FILES) {
                            return drain(events).then(Mono.error(tooManyFiles()));
                        }
                        Snowflake id = ids.next();
                        String filename = Attachments.safeFilename(file.filename());
                        MediaType type = file.headers().getContentType();
                        int index = index(file.name(), uploads.size());
                        return store.write(
                                        Attachments.key(channelId, id),
                                        events.map(PartEvent::content),
                                        attachments.maxFileBytes())
                                .doOnNext(size -> uploads.add(
                                        new Upload(index, id, filename, type == null ? null : type.toString(), size)))
                                .then();
                    }
                    if (event != null && event.name().equals("payload_json")) {
                        // A form field, or a part of type application/json (JDA sends it so).
                        return DataBufferUtils.join(events.map(PartEvent::content), MAX_PAYLOAD_BYTES)
                                .doOnNext(json -> payload.writeBytes(bytes(json)))
                                .then();
                    }
                    return drain(events);
                }))
                .then(Mono.fromCallable(() -> new Parsed<>(
                        payload.size() == 0
                                ? Violations.check(empty.get())
                                : JsonBodies.checked(payload.toByteArray(), bodyType),
                        List.copyOf(uploads))))
                .onErrorMap(BlobStore.TooLarge.class, tooLarge -> ApiErrors.requestTooLarge())
                .onErrorMap(DataBufferLimitException.class, tooLarge -> ApiErrors.requestTooLarge())
                .onErrorResume(error -> discard(channelId, uploads, attachments).then(Mono.error(error)));
    }

    /** Deletes stored files of a message that was then refused. */
    static Mono<Void> discard(Snowflake channelId, List<Upload> uploads, Attachments attachments) {
        return Flux.fromIterable(uploads)
                .concatMap(upload -> attachments.store().delete(Attachments.key(channelId, upload.id())))
                .then();
    }

    /** A part nobody reads: its buffers go back to the pool. */
    private static Mono<Void> drain(Flux<PartEvent> events) {
        return events.doOnNext(event -> DataBufferUtils.release(event.content()))
                .then();
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

    private static int index(String partName, int fallback) {
        Matcher matcher = FILE_PART.matcher(partName);
        return matcher.matches() && matcher.group(1).length() < 4 ? Integer.parseInt(matcher.group(1)) : fallback;
    }

    private static MessageCreateRequest emptyBody() {
        return new MessageCreateRequest(null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static RuntimeException tooManyFiles() {
        return new Violations()
                .add("files", "BASE_TYPE_MAX_LENGTH", "Must be " + Attachments.MAX_FILES + " or fewer in length.")
                .toException();
    }
}
