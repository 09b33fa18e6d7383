package dev.concord.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a service streams large uploads instead of holding them: multipart webhook executions of 25 MiB
 * each (three files, under the 10 MiB a file may be), generated as they are sent so the client holds none
 * either, while the service's heap in use is sampled from its Prometheus endpoint. A service that held
 * each request would grow by 25 MiB per upload in flight; one that streams stays near its baseline.
 *
 * <p>Usage ({@link Benchmarks}): {@code upload-heap <webhook execution url> <service prometheus url>
 * [uploads] [concurrency]}.
 */
public final class UploadHeap {

    static final long UPLOAD_BYTES = 25L * 1024 * 1024;
    private static final int FILES = 3;
    private static final String BOUNDARY = "concord-upload-heap";
    /** {@code jvm_memory_used_bytes{area="heap",id="G1 Eden Space",...} 1.2345E7}. */
    private static final Pattern HEAP_LINE =
            Pattern.compile("^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*}\\s+(\\S+)", Pattern.MULTILINE);

    private UploadHeap() {}

    public static void main(String[] args) throws Exception {
        String execution = args[0];
        String prometheus = args[1];
        int uploads = args.length > 2 ? Integer.parseInt(args[2]) : 12;
        int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        List<Long> before = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            before.add(heapUsed(http, prometheus));
            Thread.sleep(100);
        }
        List<Long> during = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean uploading = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (uploading.get()) {
                try {
                    during.add(heapUsed(http, prometheus));
                    Thread.sleep(50);
                } catch (IOException | InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        long start = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
        int sent = 0;
        while (sent < uploads) {
            while (inFlight.size() < concurrency && sent < uploads) {
                inFlight.add(http.sendAsync(upload(execution, sent++), HttpResponse.BodyHandlers.ofString()));
            }
            CompletableFuture.anyOf(inFlight.toArray(CompletableFuture[]::new)).join();
            for (CompletableFuture<HttpResponse<String>> done : List.copyOf(inFlight)) {
                if (done.isDone()) {
                    HttpResponse<String> response = done.join();
                    if (response.statusCode() != 204) {
                        throw new IllegalStateException(
                                "an upload answered " + response.statusCode() + ": " + response.body());
                    }
                    inFlight.remove(done);
                }
            }
        }
        for (CompletableFuture<HttpResponse<String>> done : inFlight) {
            if (done.join().statusCode() != 204) {
                throw new IllegalStateException(
                        "an upload answered " + done.join().statusCode());
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        uploading.set(false);
        sampler.join();

        long baseline = Collections.max(before);
        long peak = during.isEmpty() ? baseline : Collections.max(during);
        long low = during.isEmpty() ? baseline : Collections.min(during);
        double mib = 1024.0 * 1024.0;
        System.out.printf(
                "%d uploads of %d MiB, %d at a time, in %.1f s (%.0f MiB/s)%n",
                uploads, UPLOAD_BYTES / (1024 * 1024), concurrency, seconds, uploads * UPLOAD_BYTES / mib / seconds);
        System.out.printf(
                "service heap in use: %.1f-%.1f MiB in 10 samples before, %.1f-%.1f MiB in %d samples during;"
                        + " requests held in memory would have added %.0f MiB%n",
                Collections.min(before) / mib,
                baseline / mib,
                low / mib,
                peak / mib,
                during.size(),
                Math.min(concurrency, uploads) * UPLOAD_BYTES / mib);
    }

    /** The multipart execution: its JSON part, then three files of generated bytes, streamed as read. */
    private static HttpRequest upload(String execution, int index) {
        List<InputStream> parts = new ArrayList<>();
        parts.add(text("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n"
                + "Content-Type: application/json\r\n\r\n{\"content\":\"upload " + index + "\"}\r\n"));
        long each = UPLOAD_BYTES / FILES;
        for (int file = 0; file < FILES; file++) {
            long size = file == 0 ? UPLOAD_BYTES - each * (FILES - 1) : each;
            parts.add(text("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"files[" + file
                    + "]\"; filename=\"part" + file + ".bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"));
            parts.add(new GeneratedBytes(size));
            parts.add(text("\r\n"));
        }
        parts.add(text("--" + BOUNDARY + "--\r\n"));
        return HttpRequest.newBuilder(URI.create(execution))
                .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofInputStream(
                        () -> new SequenceInputStream(Collections.enumeration(parts))))
                .timeout(Duration.ofMinutes(2))
                .build();
    }

    private static InputStream text(String value) {
        return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
    }

    private static long heapUsed(HttpClient http, String prometheus) throws IOException, InterruptedException {
        String metrics = http.send(
                        HttpRequest.newBuilder(URI.create(prometheus)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher line = HEAP_LINE.matcher(metrics);
        long used = 0;
        while (line.find()) {
            used += (long) Double.parseDouble(line.group(1));
        }
        return used;
    }

    /** {@code size} bytes made as they are read, never held: the client must not be what runs out of memory. */
    private static final class GeneratedBytes extends InputStream {
        private long left;

        GeneratedBytes(long size) {
            this.left = size;
        }

        @Override
        public int read() {
            if (left == 0) {
                return -1;
            }
            left--;
            return (int) (left & 0x7F);
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            if (left == 0) {
                return -1;
            }
            int n = (int) Math.min(length, left);
            for (int i = 0; i < n; i++) {
                buffer[offset + i] = (byte) ((left - i) & 0x7F);
            }
            left -= n;
            return n;
        }
    }
}
