package dev.concord.platform.blobs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Blobs as files of one directory, a key a file name (keys are made here of ids and never hold a path
 * separator). Files are read and written through asynchronous channels; opening, checking and deleting
 * them run off the event loops.
 */
public final class FileBlobStore implements BlobStore {

    private static final int CHUNK = 64 * 1024;

    private final Path directory;

    public FileBlobStore(Path directory) {
        try {
            this.directory = Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the attachment directory " + directory, e);
        }
    }

    @Override
    public Mono<Long> write(String key, Flux<DataBuffer> content, long maxBytes) {
        Path file = file(key);
        AtomicLong size = new AtomicLong();
        Flux<DataBuffer> counted = content.doOnNext(buffer -> {
            if (size.addAndGet(buffer.readableByteCount()) > maxBytes) {
                DataBufferUtils.release(buffer);
                throw new TooLarge(maxBytes);
            }
        });
        return DataBufferUtils.write(
                        counted,
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)
                .subscribeOn(Schedulers.boundedElastic())
                .then(Mono.fromSupplier(size::get))
                .onErrorResume(error -> delete(key).then(Mono.error(error)))
                // A request refused while its file streams in (its whole body too large, say) cancels the
                // write: the part already written goes too.
                .doOnCancel(() -> delete(key).subscribe());
    }

    @Override
    public Flux<DataBuffer> read(String key) {
        return DataBufferUtils.read(file(key), DefaultDataBufferFactory.sharedInstance, CHUNK)
                .subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public Mono<Boolean> exists(String key) {
        return Mono.fromCallable(() -> Files.isRegularFile(file(key))).subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public Mono<Void> delete(String key) {
        return Mono.fromCallable(() -> Files.deleteIfExists(file(key)))
                .subscribeOn(Schedulers.boundedElastic())
                .then();
    }

    private Path file(String key) {
        if (!key.matches("[0-9A-Za-z._-]+")) {
            throw new IllegalArgumentException("not a blob key: " + key);
        }
        return directory.resolve(key);
    }
}
