package dev.concord.bench;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Emoji uploads through the edge (issue 20): {@code uploaders} clients at once, each on a kept-alive
 * connection of its own ({@link BlockingHttp}), each uploading an animated GIF as large as an emoji may be
 * ({@link EmojiGif}, just under guild-service's 256 KiB, as a data URI in the JSON body of {@code POST
 * /guilds/{id}/emojis}) and deleting it once it is made, again and again: untimed for {@code warm-up-seconds}
 * (the JIT), then timed for {@code seconds}. It reports uploads a second (each with its delete) and the
 * POST's answer time, and guild-service's memory (heap after a full collection and RSS, {@link JvmMemory})
 * before the first upload, after the warm-up, {@code samples} times during the timed uploads (each a full
 * collection in the middle of the load) and after the last, with the classes whose live heap grew most from
 * after the warm-up to after the last upload ({@link HeapHistogram}): flat, or growing with the uploads.
 *
 * <p>The uploaders and their guilds exist already: the script writes them into the identity and guild
 * databases, uploader i the owner of guild i (as many guilds as uploaders by default; with fewer, uploaders
 * share them and meet on the guild's row, which an upload locks). Deleting each upload keeps a guild within
 * its 50 animated emoji. Their tokens are signed here with the local stack's key. Any answer other than 201
 * to an upload or 204 to a delete is a failure: printed, that uploader stops, and the run fails.
 *
 * <p>Usage ({@link Benchmarks}): {@code emoji-uploads key=value...} with {@code edge}, {@code key-file},
 * {@code first-user}, {@code first-guild}, {@code uploaders} (default 20), {@code guilds} (default: as many
 * as uploaders), {@code warm-up-seconds} (default 30), {@code seconds} (default 60), {@code samples} (default
 * 3), {@code guild-pid} (guild-service's), {@code hello} (the hello ceiling's req/s, for the share) and
 * {@code deadline-minutes} (the whole run's bound, default 15).
 */
public final class EmojiUploads {

    /** guild-service's ceiling for an emoji image (its EmojiImages.MAX_BYTES). */
    private static final int MAX_BYTES = 256 * 1024;
    /** How many of the classes that grew most are printed. */
    private static final int HISTOGRAM_ROWS = 15;
    /** The emoji object's own id comes first ({@code {"id":"...","name":...}}). */
    private static final Pattern ID = Pattern.compile("^\\{\"id\":\"(\\d+)\"");

    private EmojiUploads() {}

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        String edge = options.loopbackUrl("edge");
        BenchTokens tokens = options.tokens();
        long firstUser = Long.parseLong(options.required("first-user"));
        long firstGuild = Long.parseLong(options.required("first-guild"));
        int uploaders = Integer.parseInt(options.get("uploaders", "20"));
        int guilds = Integer.parseInt(options.get("guilds", Integer.toString(uploaders)));
        Duration warmUp = Duration.ofSeconds(Long.parseLong(options.get("warm-up-seconds", "30")));
        Duration measured = Duration.ofSeconds(Long.parseLong(options.get("seconds", "60")));
        int samples = Integer.parseInt(options.get("samples", "3"));
        GatewayProcess guildService = new GatewayProcess(Long.parseLong(options.required("guild-pid")));
        double hello = Double.parseDouble(options.get("hello", "0"));
        BenchOptions.stopAfter(
                "emoji-uploads", Duration.ofMinutes(Long.parseLong(options.get("deadline-minutes", "15"))));
        if (uploaders < 1 || guilds < 1 || guilds > uploaders || measured.isZero()) {
            throw new IllegalArgumentException("need 1 <= guilds <= uploaders and seconds > 0");
        }

        EmojiGif gif = EmojiGif.justUnder(MAX_BYTES);
        String image = "data:image/gif;base64," + Base64.getEncoder().encodeToString(gif.bytes());
        System.out.printf(
                "emoji uploads: %d uploaders into %d guilds through %s, each upload deleted once made; an animated "
                        + "GIF of %d frames of 128x128, %,d bytes (the ceiling %,d), %,d characters of data URI; "
                        + "guild-service pid %d%n",
                uploaders,
                guilds,
                edge,
                gif.frames(),
                gif.bytes().length,
                MAX_BYTES,
                image.length(),
                guildService.pid());
        List<Uploader> all = new ArrayList<>();
        for (int i = 0; i < uploaders; i++) {
            all.add(new Uploader(i, URI.create(edge), tokens.userToken(firstUser + i), firstGuild + i % guilds, image));
        }
        Map<String, Long> failures = new ConcurrentHashMap<>();

        List<String> memory = new ArrayList<>();
        memory.add(memoryRow("before the first upload", JvmMemory.of(guildService)));
        System.out.printf("%n== warm-up: %d s of uploads, untimed%n", warmUp.toSeconds());
        Phase warm = run(all, warmUp, 0, guildService, memory, failures);
        System.out.printf(
                "%,d uploads in %.1f s (%.1f/s)%n", warm.uploads(), warm.seconds(), warm.uploads() / warm.seconds());
        failIfAny(failures);
        JvmMemory afterWarmUp = JvmMemory.of(guildService);
        memory.add(memoryRow("after the warm-up", afterWarmUp));
        HeapHistogram histogramBefore = guildService.classHistogram();

        System.out.printf(
                "%n== timed: %d s of uploads, guild-service's memory read %d times during them%n",
                measured.toSeconds(), samples);
        Phase timed = run(all, measured, samples, guildService, memory, failures);
        JvmMemory after = JvmMemory.of(guildService);
        memory.add(memoryRow("after the last upload", after));
        HeapHistogram histogramAfter = guildService.classHistogram();
        failIfAny(failures);

        double rate = timed.uploads() / timed.seconds();
        long[] posts = timed.sortedPosts();
        long[] deletes = timed.sortedDeletes();
        System.out.printf(
                "%,d uploads in %.1f s: %.1f uploads/s (%.1f MiB/s of images); POST p50 %.1f ms, p99 %.1f ms, max "
                        + "%.1f ms; DELETE p50 %.1f ms, p99 %.1f ms%n",
                timed.uploads(),
                timed.seconds(),
                rate,
                rate * gif.bytes().length / 1048576.0,
                Figures.millis(posts, 0.50),
                Figures.millis(posts, 0.99),
                Figures.millis(posts, 1.0),
                Figures.millis(deletes, 0.50),
                Figures.millis(deletes, 0.99));
        System.out.printf(
                "%nguild-service's heap by class, after the warm-up -> after the timed uploads (live objects):%n%s",
                histogramAfter.growthPer(
                        histogramBefore, (int) Math.max(1, timed.uploads()), "upload", HISTOGRAM_ROWS));

        Figures.printSummaryHead(edge);
        System.out.printf(
                "| POST /guilds/{id}/emojis, an animated GIF of %,d bytes (%d frames), %d uploaders into %d guilds, "
                        + "each deleted after, %d s | %.1f uploads/s%s | |%n",
                gif.bytes().length,
                gif.frames(),
                uploaders,
                guilds,
                measured.toSeconds(),
                rate,
                Figures.shareOfHello(rate, hello));
        System.out.printf(
                "| the upload's answer (201) | p50 %.1f / p99 %.1f / max %.1f ms | |%n",
                Figures.millis(posts, 0.50), Figures.millis(posts, 0.99), Figures.millis(posts, 1.0));
        System.out.printf(
                "| guild-service heap after GC, after the warm-up -> after %,d uploads | %s -> %s (%+.1f MiB) | flat |%n",
                timed.uploads(),
                Figures.mib(afterWarmUp.heap()),
                Figures.mib(after.heap()),
                (after.heap() - afterWarmUp.heap()) / 1048576.0);
        System.out.printf(
                "| guild-service RSS, after the warm-up -> after | %s -> %s | |%n",
                Figures.mib(afterWarmUp.rss()), Figures.mib(after.rss()));
        System.out.println();
        System.out.println("| guild-service | heap after GC | RSS |");
        System.out.println("|---|---|---|");
        memory.forEach(System.out::println);
        System.out.println("failures: none");
    }

    private static String memoryRow(String when, JvmMemory memory) {
        return "| " + when + " | " + Figures.mib(memory.heap()) + " | " + Figures.mib(memory.rss()) + " |";
    }

    /** What one phase did: uploads completed (each with its delete), how long it took, each request's time. */
    private record Phase(long uploads, double seconds, List<Uploader> uploaders) {

        long[] sortedPosts() {
            return sorted(uploaders.stream()
                    .flatMap(u -> u.posts.stream())
                    .mapToLong(Long::longValue)
                    .toArray());
        }

        long[] sortedDeletes() {
            return sorted(uploaders.stream()
                    .flatMap(u -> u.deletes.stream())
                    .mapToLong(Long::longValue)
                    .toArray());
        }

        private static long[] sorted(long[] values) {
            Arrays.sort(values);
            return values.length == 0 ? new long[] {Long.MAX_VALUE} : values;
        }
    }

    /**
     * Runs every uploader for {@code length} on threads of their own and reads guild-service's memory
     * {@code samples} times, evenly spread, meanwhile.
     */
    private static Phase run(
            List<Uploader> all,
            Duration length,
            int samples,
            GatewayProcess guildService,
            List<String> memory,
            Map<String, Long> failures)
            throws Exception {
        long start = System.nanoTime();
        long end = start + length.toNanos();
        List<Thread> threads = new ArrayList<>();
        for (Uploader uploader : all) {
            uploader.reset();
            Thread thread = new Thread(() -> uploader.run(end, failures), "uploader-" + uploader.index);
            thread.start();
            threads.add(thread);
        }
        for (int i = 1; i <= samples; i++) {
            long at = start + length.toNanos() * i / (samples + 1);
            long wait = at - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000);
            }
            memory.add(memoryRow(
                    String.format("during, %.0f s into %d s", (System.nanoTime() - start) / 1e9, length.toSeconds()),
                    JvmMemory.of(guildService)));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long uploads = all.stream().mapToLong(u -> u.posts.size()).sum();
        return new Phase(uploads, seconds, all);
    }

    private static void failIfAny(Map<String, Long> failures) {
        if (!failures.isEmpty()) {
            String summary = Figures.summary(new TreeMap<>(failures));
            System.out.printf("failures: %s%n", summary);
            throw new IllegalStateException("emoji uploads failed: " + summary);
        }
    }

    /** One client: uploads into its guild and deletes what it made, on one connection, until told to stop. */
    private static final class Uploader {

        final int index;
        private final URI edge;
        private final Map<String, String> headers;
        private final String emojis;
        private final String image;
        /** Each POST's and DELETE's answer time in this phase, in nanoseconds. */
        List<Long> posts = new ArrayList<>();

        List<Long> deletes = new ArrayList<>();
        private int made;

        Uploader(int index, URI edge, String token, long guild, String image) {
            this.index = index;
            this.edge = edge;
            this.headers = Map.of("Authorization", token);
            this.emojis = "/api/v10/guilds/" + guild + "/emojis";
            this.image = image;
        }

        void reset() {
            posts = new ArrayList<>();
            deletes = new ArrayList<>();
        }

        void run(long end, Map<String, Long> failures) {
            try (BlockingHttp http = new BlockingHttp(edge)) {
                while (System.nanoTime() < end) {
                    String name = "bench_" + index + "_" + made++;
                    long start = System.nanoTime();
                    BlockingHttp.Answer created = http.send(
                            "POST", emojis, headers, "{\"name\":\"" + name + "\",\"image\":\"" + image + "\"}");
                    long posted = System.nanoTime();
                    Matcher id = ID.matcher(created.body());
                    if (created.status() != 201 || !id.find()) {
                        failures.merge(
                                "upload answered " + created.status() + ": " + shortened(created.body()),
                                1L,
                                Long::sum);
                        return;
                    }
                    BlockingHttp.Answer deleted = http.send("DELETE", emojis + "/" + id.group(1), headers, "");
                    long done = System.nanoTime();
                    if (deleted.status() != 204) {
                        failures.merge(
                                "delete answered " + deleted.status() + ": " + shortened(deleted.body()),
                                1L,
                                Long::sum);
                        return;
                    }
                    posts.add(posted - start);
                    deletes.add(done - posted);
                }
            } catch (Exception e) {
                failures.merge("uploader failed: " + e, 1L, Long::sum);
            }
        }

        private static String shortened(String body) {
            return body.length() > 200 ? body.substring(0, 200) + "..." : body;
        }
    }
}
