package dev.concord.platform.test.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the validation saw in this JVM: the operations whose answers were validated, and the routes the
 * description does not have (skipped). Written to {@code target/response-schemas.txt} of the module when
 * the JVM ends, so a run shows how much of the API its tests checked.
 */
public final class ResponseTally {

    private static final Path TARGET = Path.of("target");
    private static final Path REPORT = TARGET.resolve("response-schemas.txt");
    /** A whole numeric segment is an id: the skipped list groups by route, not by id. */
    private static final String ID = "\\d+";

    private final Map<String, AtomicInteger> validated = new ConcurrentSkipListMap<>();
    private final Map<String, AtomicInteger> skipped = new ConcurrentSkipListMap<>();
    private final AtomicLong responses = new AtomicLong();

    private static final class Shared {
        static final ResponseTally TALLY = startShared();
    }

    public static ResponseTally shared() {
        return Shared.TALLY;
    }

    private static ResponseTally startShared() {
        ResponseTally tally = new ResponseTally();
        Runtime.getRuntime().addShutdownHook(new Thread(tally::writeReport, "response-schema-report"));
        return tally;
    }

    void validated(PlatformSpec.Operation operation, int status) {
        responses.incrementAndGet();
        count(validated, operation.method() + " " + operation.template() + " " + status + " (" + operation.id() + ")");
    }

    void skipped(String method, String rawPath) {
        responses.incrementAndGet();
        StringBuilder route = new StringBuilder();
        for (String segment : rawPath.split("/", -1)) {
            if (!segment.isEmpty()) {
                route.append('/').append(segment.matches(ID) ? "{id}" : segment);
            }
        }
        count(skipped, method + " " + route);
    }

    private static void count(Map<String, AtomicInteger> counts, String key) {
        counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    /** The report's lines: validated operations, then skipped routes, each with its count of answers. */
    public List<String> report() {
        List<String> lines = new ArrayList<>();
        lines.add("2xx JSON answers seen: " + responses.get());
        lines.add("Validated against the platform's schema, " + validated.size() + " operations:");
        validated.forEach((key, count) -> lines.add("  " + key + " x" + count));
        lines.add("Skipped (the description has no such route), " + skipped.size() + " routes:");
        skipped.forEach((key, count) -> lines.add("  " + key + " x" + count));
        return lines;
    }

    private void writeReport() {
        if (responses.get() == 0 || !Files.isDirectory(TARGET)) {
            return;
        }
        try {
            Files.write(REPORT, report(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
