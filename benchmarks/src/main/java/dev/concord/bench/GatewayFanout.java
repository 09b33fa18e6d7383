package dev.concord.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import reactor.core.publisher.Flux;
import reactor.netty.http.client.HttpClient;

/**
 * One gateway instance under many users of one guild (issue 16): sockets held, and one guild event
 * fanned out to all of them. In stages of growing socket counts (say 1,000, 10,000, 19,000), it opens the
 * stage's new sockets, each identifying as its own user, then
 *
 * <ul>
 *   <li>reads the gateway JVM's resident memory and its heap after a full collection (idle sockets: the
 *       per-socket slope between stages), once right after the last READY and again {@code settle}
 *       seconds later, when every socket has sent a heartbeat (which lets its READY go from the replay);
 *   <li>sends the stage's events one at a time, each a PATCH of the guild's name (or with {@code
 *       event=message} a message to its channel) through the edge, timed from sending the request until
 *       the last socket has the GUILD_UPDATE (MESSAGE_CREATE) (warm-up events first, untimed);
 *   <li>divides the gateway's process CPU time over the timed events by the frames delivered;
 *   <li>reads the heap after a full collection before and after those events (it should not grow with
 *       the number of events: replay memory is bounded).
 * </ul>
 *
 * <p>After the last stage, with every socket still open, it prints the classes of the gateway's heap that
 * grew most since before the first socket, per socket (two class histograms): what a socket keeps.
 *
 * <p>The users exist already (the script writes them into the identity and guild databases, members of
 * the guild); their tokens are signed here with the local stack's key. Sockets go straight to the gateway
 * instance (in production the load balancer is the edge for sockets), from many loopback source addresses
 * ({@code per-address} sockets each; Linux routes all of 127/8 to loopback), so neither the ephemeral
 * ports of one address nor a per-address identify limit caps them; identifies are paced at
 * {@code identify-rate} per second over all addresses, round-robin. Failures (refused upgrades, close
 * codes, a READY that never came, an event a socket never got) are counted, printed, and fail the run.
 *
 * <p>Usage ({@link Benchmarks}): {@code gateway-fanout key=value...} with {@code edge}, {@code socket}
 * (the instance's ws:// URL), {@code key-file}, {@code owner-token}, {@code guild}, {@code first-user},
 * {@code pid} (the gateway's), {@code stages} (socket counts, e.g. 1000,10000,19000), {@code events} and
 * {@code warm-up} (per stage, e.g. 1000,200,0 and 100,50,0), {@code identify-rate} (default 200),
 * {@code per-address} (default 100), {@code in-flight} (identifies waiting for READY at once, default 50),
 * {@code settle} (seconds, default 0), {@code jit-warm-up} (events, default 0) and {@code warm-up-guild}: before
 * the first stage's timed events, that many events of a second, small guild (its members are the first
 * sockets) warm the JIT up.
 */
public final class GatewayFanout {

    private static final Duration ROUND_TIMEOUT = Duration.ofSeconds(10);
    /** How many of the classes that grew most per socket are printed at the end. */
    private static final int HISTOGRAM_ROWS = 40;
    /** Requests in flight at once during the JIT's warm-up. */
    private static final int JIT_WARM_UP_CONCURRENCY = 16;

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        String edge = options.required("edge");
        String socketUrl = options.required("socket") + "/?v=10&encoding=json";
        GatewayTimers timers = new GatewayTimers(options.required("socket").replaceFirst("^ws", "http"));
        BenchTokens tokens = options.tokens();
        String ownerToken = options.required("owner-token");
        long guild = Long.parseLong(options.required("guild"));
        long firstUser = Long.parseLong(options.required("first-user"));
        GatewayProcess gateway = new GatewayProcess(Long.parseLong(options.required("pid")));
        int[] stages = ints(options.required("stages"));
        int[] events = ints(options.get("events", "0"));
        int[] warmUps = ints(options.get("warm-up", "0"));
        int jitWarmUp = Integer.parseInt(options.get("jit-warm-up", "0"));
        long warmUpGuild = Long.parseLong(options.get("warm-up-guild", "0"));
        int identifyRate = Integer.parseInt(options.get("identify-rate", "200"));
        int perAddress = Integer.parseInt(options.get("per-address", "100"));
        int inFlight = Integer.parseInt(options.get("in-flight", "50"));
        Duration settle = Duration.ofSeconds(Long.parseLong(options.get("settle", "0")));
        int sockets = stages[stages.length - 1];

        List<HttpClient> clients = LoopbackClients.forSockets(sockets, perAddress);
        int addresses = clients.size();
        System.out.printf(
                "gateway fan-out: stages %s sockets, one user each, from %d loopback addresses (%d each at most), "
                        + "identifies paced at %d/s, %s; gateway pid %d%n",
                Arrays.toString(stages), addresses, perAddress, identifyRate, socketUrl, gateway.pid());
        // The event timed: guild-update (default) or message (channel= and warm-up-channel= name where).
        boolean messages = "message".equals(options.get("event", "guild-update"));
        FanoutEvents timed = messages
                ? FanoutEvents.channelMessages(edge, ownerToken, Long.parseLong(options.required("channel")))
                : FanoutEvents.guildPatches(edge, ownerToken, guild);
        FanoutEvents warmUpEvents = messages
                ? FanoutEvents.channelMessages(edge, ownerToken, Long.parseLong(options.get("warm-up-channel", "0")))
                : FanoutEvents.guildPatches(edge, ownerToken, warmUpGuild);
        FanoutRound.expect(timed.eventType());
        System.out.printf("timed event: %s%n", timed.eventType());

        List<GatewaySocket> open = new ArrayList<>();
        Map<String, Long> failures = new TreeMap<>();
        List<String> table = new ArrayList<>();
        long rss0 = gateway.rssBytes();
        long heap0 = gateway.heapAfterGc();
        HeapHistogram histogram0 = gateway.classHistogram();
        table.add(row(0, rss0, heap0, 0, 0) + " | | | |");
        System.out.printf("0 sockets: gateway RSS %s, heap after GC %s%n", Figures.mib(rss0), Figures.mib(heap0));
        long previousRss = rss0;
        long previousHeap = heap0;
        int previousCount = 0;
        int round = 0;
        for (int stage = 0; stage < stages.length; stage++) {
            int target = stages[stage];
            List<String> tokensOfStage = new ArrayList<>();
            for (int i = open.size(); i < target; i++) {
                tokensOfStage.add(tokens.userToken(firstUser + i));
            }
            long connectStart = System.nanoTime();
            int from = open.size();
            Duration readyTimeout = Duration.ofSeconds(30);
            List<GatewaySocket> opened = Flux.range(0, tokensOfStage.size())
                    .delayElements(Duration.ofNanos(1_000_000_000L / identifyRate))
                    .flatMap(
                            i -> new GatewaySocket(tokensOfStage.get(i), timed.intents())
                                    .open(clients.get((from + i) % clients.size()), socketUrl, readyTimeout),
                            inFlight)
                    .collectList()
                    .blockOptional()
                    .orElseThrow();
            open.addAll(opened);
            long connectNanos = System.nanoTime() - connectStart;
            long readyCount = opened.stream().filter(s -> s.failure == null).count();
            System.out.printf(
                    "%n== %,d sockets: %,d new READY in %.1f s (%.0f identifies/s)%n",
                    target, readyCount, connectNanos / 1e9, readyCount / (connectNanos / 1e9));
            failures.clear();
            PacedIdentifies.countFailures(open, failures);
            if (!failures.isEmpty()) {
                break;
            }
            if (!settle.isZero()) {
                long rssAtReady = gateway.rssBytes();
                long heapAtReady = gateway.heapAfterGc();
                System.out.printf(
                        "right after READY: gateway RSS %s (%+,.1f KiB per socket since %,d), heap after GC %s "
                                + "(%+,.1f KiB per socket); idle for %d s, so that every socket sends a heartbeat%n",
                        Figures.mib(rssAtReady),
                        (rssAtReady - previousRss) / 1024.0 / (target - previousCount),
                        previousCount,
                        Figures.mib(heapAtReady),
                        (heapAtReady - previousHeap) / 1024.0 / (target - previousCount),
                        settle.toSeconds());
                Thread.sleep(settle.toMillis());
            }
            long rss = gateway.rssBytes();
            long heap = gateway.heapAfterGc();
            System.out.printf(
                    "idle: gateway RSS %s (%+,.1f KiB per socket since %,d), heap after GC %s (%+,.1f KiB per socket)%n",
                    Figures.mib(rss),
                    (rss - previousRss) / 1024.0 / (target - previousCount),
                    previousCount,
                    Figures.mib(heap),
                    (heap - previousHeap) / 1024.0 / (target - previousCount));
            double rssSlope = (rss - previousRss) / 1024.0 / (target - previousCount);
            double heapSlope = (heap - previousHeap) / 1024.0 / (target - previousCount);
            previousRss = rss;
            previousHeap = heap;
            previousCount = target;

            int measured = at(events, stage);
            if (measured > 0 && stage == 0 && jitWarmUp > 0) {
                warmUpJit(warmUpEvents, jitWarmUp, timers);
            }
            if (measured > 0) {
                for (int i = 0; i < at(warmUps, stage); i++) {
                    timed.timedRound(++round, target, ROUND_TIMEOUT);
                }
                long heapBefore = gateway.heapAfterGc();
                GatewayTimers.Reading timersBefore = timers.read();
                long cpuBefore = gateway.cpuNanos();
                long systemBefore = gateway.systemCpuNanos();
                long compilerBefore = gateway.compilerCpuNanos();
                long[] lastSocket = new long[measured];
                long[] answers = new long[measured];
                long frames = 0;
                int late = 0;
                for (int i = 0; i < measured; i++) {
                    FanoutEvents.Timing timing = timed.timedRound(++round, target, ROUND_TIMEOUT);
                    if (timing.lastSocket() < 0) {
                        late++;
                        lastSocket[i] = Long.MAX_VALUE;
                    } else {
                        lastSocket[i] = timing.lastSocket();
                    }
                    frames += target - timing.missing();
                    answers[i] = timing.answer();
                }
                long cpu = gateway.cpuNanos() - cpuBefore;
                long system = gateway.systemCpuNanos() - systemBefore;
                long compiler = gateway.compilerCpuNanos() - compilerBefore;
                GatewayTimers.Reading timersAfter = timers.read();
                long heapAfter = gateway.heapAfterGc();
                Arrays.sort(lastSocket);
                Arrays.sort(answers);
                System.out.printf(
                        "fan-out of %,d %ss (request sent -> last of %,d sockets): p50 %.2f ms, p99 %.2f ms, "
                                + "max %.2f ms; the request's own answer p50 %.2f ms%n",
                        measured,
                        timed.eventType(),
                        target,
                        Figures.millis(lastSocket, 0.50),
                        Figures.millis(lastSocket, 0.99),
                        Figures.millis(lastSocket, 1.0),
                        Figures.millis(answers, 0.50));
                System.out.printf("the gateway's timers: %s%n", timersAfter.meansSince(timersBefore));
                System.out.printf(
                        "gateway CPU %.2f s over the events for %,d frames delivered: %.2f us per frame "
                                + "(%.2f us in the JVM, of which %.2f us the JIT compiling, %.2f us in the kernel)%n",
                        cpu / 1e9,
                        frames,
                        cpu / 1e3 / Math.max(frames, 1),
                        (cpu - system) / 1e3 / Math.max(frames, 1),
                        compiler / 1e3 / Math.max(frames, 1),
                        system / 1e3 / Math.max(frames, 1));
                System.out.printf(
                        "gateway heap after GC: %s before the %,d events, %s after (%+.1f MiB)%n",
                        Figures.mib(heapBefore),
                        measured,
                        Figures.mib(heapAfter),
                        (heapAfter - heapBefore) / 1048576.0);
                table.add(row(target, rss, heap, rssSlope, heapSlope)
                        + String.format(
                                " | %.1f / %.1f / %.1f ms | %.2f us (JVM %.2f incl. JIT %.2f, kernel %.2f) | %s -> %s |",
                                Figures.millis(lastSocket, 0.50),
                                Figures.millis(lastSocket, 0.99),
                                Figures.millis(lastSocket, 1.0),
                                cpu / 1e3 / Math.max(frames, 1),
                                (cpu - system) / 1e3 / Math.max(frames, 1),
                                compiler / 1e3 / Math.max(frames, 1),
                                system / 1e3 / Math.max(frames, 1),
                                Figures.mib(heapBefore),
                                Figures.mib(heapAfter)));
                if (late > 0) {
                    failures.merge(
                            "events some socket did not get within " + ROUND_TIMEOUT.toSeconds() + " s",
                            (long) late,
                            Long::sum);
                    break;
                }
            } else {
                table.add(row(target, rss, heap, rssSlope, heapSlope) + " | | | |");
            }
            failures.clear();
            PacedIdentifies.countFailures(open, failures);
            if (!failures.isEmpty()) {
                break;
            }
        }
        if (failures.isEmpty()) {
            // Read after the last stage, with every socket still open: what each one keeps, by class.
            System.out.printf(
                    "%nthe gateway's heap by class, 0 -> %,d sockets open (live objects):%n%s%n",
                    open.size(), gateway.classHistogram().growthPerSocket(histogram0, open.size(), HISTOGRAM_ROWS));
        }
        System.out.printf(
                "%n| sockets | gateway RSS | heap after GC | RSS per socket | heap per socket | fan-out p50 / p99 / max | CPU per frame | heap before -> after events |%n");
        System.out.println("|---|---|---|---|---|---|---|---|");
        table.forEach(System.out::println);
        System.out.printf("stray frames (of a round that had timed out): %d%n", FanoutRound.strays());
        String summary = Figures.summary(failures);
        System.out.printf("failures: %s%n", summary);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("gateway fan-out failed: " + summary);
        }
    }

    /**
     * Events to the small guild, many at once, until the gateway has fanned them all out: the code an event
     * runs once (the consumer, the audience, encoding) reaches the JIT's top tier only after some thousands
     * of events, which the timed events at the first stage would otherwise pay for.
     */
    private static void warmUpJit(FanoutEvents events, int count, GatewayTimers timers) throws Exception {
        long start = System.nanoTime();
        long target = timers.read().fanoutCount() + count;
        events.untimed(count, JIT_WARM_UP_CONCURRENCY);
        long deadline = System.nanoTime() + ROUND_TIMEOUT.toNanos() * 6;
        long done;
        while ((done = timers.read().fanoutCount()) < target) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the gateway fanned out " + (count - (target - done)) + " of " + count + " warm-up events");
            }
            Thread.sleep(200);
        }
        System.out.printf(
                "JIT warm-up: %,d events to the small guild's sockets in %.1f s%n",
                count, (System.nanoTime() - start) / 1e9);
    }

    private static String row(int sockets, long rss, long heap, double rssSlope, double heapSlope) {
        return String.format(
                "| %,d | %s | %s | %s | %s",
                sockets,
                Figures.mib(rss),
                Figures.mib(heap),
                sockets == 0 ? "" : String.format("%.1f KiB", rssSlope),
                sockets == 0 ? "" : String.format("%.1f KiB", heapSlope));
    }

    private static int at(int[] values, int index) {
        return index < values.length ? values[index] : 0;
    }

    private static int[] ints(String csv) {
        return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray();
    }
}
