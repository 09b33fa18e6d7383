package dev.concord.bench;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * A stage's audience told of a speaker change (issue 20): N sockets, each its own user and a member of one
 * guild, identify with GUILDS and GUILD_VOICE_STATES on the gateway's own port and join the guild's stage
 * channel by op 4 (the gateway passes it to guild-service, which keeps voice states); then the guild's owner,
 * a moderator and one of the sockets, invites one member to speak and sends them back to the audience in turn
 * ({@code PATCH /guilds/{id}/voice-states/{user}} through the edge with {@code "suppress"} false, then true),
 * one round at a time: each timed from sending the PATCH until the last of the N sockets has the
 * VOICE_STATE_UPDATE of that member with the new {@code suppress}, after warm-up rounds.
 *
 * <p>The users, the guild (its @everyone role, which may view, connect and ask to speak) and the stage exist
 * already: the script writes them into the identity and guild databases. Tokens are signed here with the
 * local stack's key; user 0 owns the guild, user 1 is the speaker. Identifies go as {@link PacedIdentifies}
 * says; a socket whose READY came without the guild (guild-service did not answer the gateway in time) waits
 * for the GUILD_CREATE the gateway sends once it has the guild, and is counted. The joins are paced
 * ({@code join-rate} op 4s a second): each one
 * is a VOICE_STATE_UPDATE to every member, N × N frames in all, which the run waits for before the rounds,
 * and each a VOICE_SERVER_UPDATE to the user who joined, which says the op 4 was taken (guild-service's
 * refusals reach no client).
 *
 * <p>Each socket sends Identify and one op 4, far within the gateway's 120 payloads a minute; the rounds go
 * over HTTP ({@link BlockingHttp}: one kept-alive connection, read and written by the timing thread), at
 * least {@code round-gap-ms} apart (warm-up rounds back to back). Failures (a READY that never came, a guild
 * that did not follow a READY without it within 180 s, a socket closed, an op 4 not taken, a join's
 * VOICE_STATE_UPDATE missing, a PATCH not answered 204, rounds some socket did not get in time) are printed
 * and fail the run; a latency over the target is a figure, not a failure.
 *
 * <p>Usage ({@link Benchmarks}): {@code stage-fanout key=value...} with {@code edge}, {@code socket} (the
 * gateway instance's ws:// URL, on this machine), {@code key-file}, {@code first-user}, {@code sockets},
 * {@code guild}, {@code stage} (the channel), {@code rounds} (default 200), {@code warm-up} (rounds, default
 * 5,000, one right after the other), {@code round-gap-ms} (default 250, between timed rounds), {@code
 * join-rate} (default 50), {@code identify-rate} (default 200), {@code per-address} (default 100), {@code
 * in-flight} (default 50), {@code hello} (the hello ceiling's req/s, printed beside the figures) and {@code
 * deadline-minutes} (the whole run's bound, default 20).
 */
public final class StageFanout {

    private static final int GUILDS = 1;
    private static final int GUILD_VOICE_STATES = 1 << 7;
    private static final Duration ROUND_TIMEOUT = Duration.ofSeconds(10);
    /** Rounds some socket did not get in time before the run stops waiting for more. */
    private static final int MAX_LATE_ROUNDS = 3;
    /**
     * How long a READY without the guild may wait for its GUILD_CREATE: the gateway asks again, at most 30 s
     * apart, while guild-service, like every app of a stack just started, still compiles its hot code.
     */
    private static final Duration LATE_GUILDS_WAIT = Duration.ofSeconds(180);
    /** How long the joins' frames may keep coming after the last op 4 was taken. */
    private static final Duration JOIN_FANOUT_TIMEOUT = Duration.ofSeconds(60);

    private static final int SLOWEST_SHOWN = 6;

    private StageFanout() {}

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        String edge = options.loopbackUrl("edge");
        String socket = options.loopbackUrl("socket");
        String socketUrl = socket + "/?v=10&encoding=json";
        BenchTokens tokens = options.tokens();
        long firstUser = Long.parseLong(options.required("first-user"));
        int sockets = Integer.parseInt(options.required("sockets"));
        long guild = Long.parseLong(options.required("guild"));
        long stage = Long.parseLong(options.required("stage"));
        int rounds = Integer.parseInt(options.get("rounds", "200"));
        int warmUp = Integer.parseInt(options.get("warm-up", "5000"));
        Duration roundGap = Duration.ofMillis(Long.parseLong(options.get("round-gap-ms", "250")));
        int joinRate = Integer.parseInt(options.get("join-rate", "50"));
        int identifyRate = Integer.parseInt(options.get("identify-rate", "200"));
        int perAddress = Integer.parseInt(options.get("per-address", "100"));
        int inFlight = Integer.parseInt(options.get("in-flight", "50"));
        double hello = Double.parseDouble(options.get("hello", "0"));
        BenchOptions.stopAfter(
                "stage-fanout", Duration.ofMinutes(Long.parseLong(options.get("deadline-minutes", "20"))));
        if (sockets < 2 || rounds < 1 || joinRate < 1) {
            throw new IllegalArgumentException(
                    "need sockets >= 2 (a moderator and a speaker), rounds >= 1, join-rate >= 1");
        }
        long speaker = firstUser + 1;
        GatewayTimers timers = new GatewayTimers(socket.replaceFirst("^ws", "http"));

        PacedIdentifies identifies = new PacedIdentifies(socketUrl, sockets, perAddress, identifyRate, inFlight);
        System.out.printf(
                "stage fan-out: %,d sockets, one member of guild %d each, from %d loopback addresses, identifies "
                        + "paced at %d/s, %s; stage %d, speaker %d, moderator %d (the owner)%n",
                sockets, guild, identifies.addresses(), identifyRate, socketUrl, stage, speaker, firstUser);
        StageArrivals arrivals = new StageArrivals(sockets, speaker);
        List<GatewaySocket> all = new ArrayList<>();
        for (int i = 0; i < sockets; i++) {
            all.add(new GatewaySocket(i, tokens.userToken(firstUser + i), GUILDS | GUILD_VOICE_STATES, arrivals));
        }
        Map<String, Long> failures = new TreeMap<>();
        double connectSeconds = identifies.open(all);
        PacedIdentifies.countFailures(all, failures);
        if (!failures.isEmpty()) {
            fail(failures);
        }
        System.out.printf(
                "%,d READY in %.1f s (%.0f identifies/s)%n", sockets, connectSeconds, sockets / connectSeconds);
        long withoutGuild = awaitLateGuilds(all);
        PacedIdentifies.countFailures(all, failures);
        if (withoutGuild < 0) {
            failures.put(
                    "READYs without the guild and no GUILD_CREATE after " + LATE_GUILDS_WAIT.toSeconds() + " s", 1L);
        }
        if (!failures.isEmpty()) {
            fail(failures);
        }

        String joins = join(all, arrivals, guild, stage, joinRate, failures);
        PacedIdentifies.countFailures(all, failures);
        if (!failures.isEmpty()) {
            fail(failures);
        }

        Rounds timed = rounds(
                all.size(),
                arrivals,
                timers,
                edge,
                tokens.userToken(firstUser),
                guild,
                stage,
                speaker,
                rounds,
                warmUp,
                roundGap,
                failures);
        PacedIdentifies.countFailures(all, failures);

        Figures.printSummaryHead(socketUrl);
        System.out.printf(
                "| a moderator's PATCH of a speaker's suppress through the edge -> VOICE_STATE_UPDATE on the last of "
                        + "%,d sockets, %d rounds | %s | p99 < 50 ms |%n",
                sockets, rounds, Figures.quantiles(timed.lastSocket));
        System.out.printf("| the same, on the first socket | %s | |%n", Figures.quantiles(timed.firstSocket));
        System.out.printf(
                "| the PATCH's own answer (204) | p50 %.1f / p99 %.1f ms | |%n",
                Figures.millis(timed.answers, 0.50), Figures.millis(timed.answers, 0.99));
        System.out.printf("| %,d joins by op 4, %d/s | %s | |%n", sockets, joinRate, joins);
        System.out.printf(
                "| READYs without the guild (guild-service late at Identify; GUILD_CREATE followed) | %,d of %,d | 0 |%n",
                withoutGuild, sockets);
        System.out.printf(
                "| hello ceiling of the run | %s | |%n",
                hello > 0 ? String.format("%,.0f req/s", hello) : "not measured");
        if (!failures.isEmpty()) {
            fail(failures);
        }
        System.out.println("failures: none");
    }

    /**
     * Sockets whose READY listed no guild (the gateway asks guild-service for the user's guilds at Identify and
     * sends READY without them after 2 s; a cold guild-service, or one sharing the cores with a busy machine,
     * takes longer) get it as a GUILD_CREATE once the gateway, asking again, has it: the run waits up to
     * {@link #LATE_GUILDS_WAIT} for those. Returns how many READYs came without the guild (a figure of the run),
     * or -1 if some socket still had no GUILD_CREATE then.
     */
    private static long awaitLateGuilds(List<GatewaySocket> all) throws InterruptedException {
        List<GatewaySocket> lacking = all.stream()
                .filter(socket -> socket.problem() == null && socket.readyGuilds == 0)
                .toList();
        if (lacking.isEmpty()) {
            return 0;
        }
        System.out.printf(
                "%,d READYs without the guild (guild-service did not answer the gateway in time): waiting for "
                        + "their GUILD_CREATE%n",
                lacking.size());
        long start = System.nanoTime();
        long deadline = start + LATE_GUILDS_WAIT.toNanos();
        while (lacking.stream().anyMatch(socket -> socket.lateGuilds == 0)) {
            if (System.nanoTime() > deadline) {
                long missing = lacking.stream()
                        .filter(socket -> socket.lateGuilds == 0)
                        .count();
                System.out.printf(
                        "%,d sockets still without a GUILD_CREATE after %d s%n", missing, LATE_GUILDS_WAIT.toSeconds());
                return -1;
            }
            Thread.sleep(100);
        }
        System.out.printf(
                "every late GUILD_CREATE in %.1f s after READYs were all in%n", (System.nanoTime() - start) / 1e9);
        return lacking.size();
    }

    /**
     * Every socket sends op 4 into the stage, paced; then the run waits for each one's VOICE_SERVER_UPDATE
     * and for every join's VOICE_STATE_UPDATE on every socket. Returns the figure for the summary.
     */
    private static String join(
            List<GatewaySocket> all,
            StageArrivals arrivals,
            long guild,
            long stage,
            int joinRate,
            Map<String, Long> failures)
            throws InterruptedException {
        int sockets = all.size();
        String op4 = "{\"op\":4,\"d\":{\"guild_id\":\"" + guild + "\",\"channel_id\":\"" + stage
                + "\",\"self_mute\":false,\"self_deaf\":false}}";
        System.out.printf(
                "%n== %,d joins by op 4, %d/s: each a VOICE_SERVER_UPDATE to its user and a VOICE_STATE_UPDATE to "
                        + "every member (%,d in all)%n",
                sockets, joinRate, (long) sockets * sockets);
        long statesBefore = arrivals.states();
        long start = System.nanoTime();
        long gap = 1_000_000_000L / joinRate;
        for (int i = 0; i < sockets; i++) {
            long wait = start + i * gap - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            all.get(i).send(op4);
        }
        double sentSeconds = (System.nanoTime() - start) / 1e9;
        boolean everyoneJoined =
                arrivals.joins().await(ROUND_TIMEOUT.toMillis() + (long) (sentSeconds * 1000), TimeUnit.MILLISECONDS);
        double joinedSeconds = (System.nanoTime() - start) / 1e9;
        if (!everyoneJoined) {
            long missing = arrivals.joins().getCount();
            failures.put(
                    "op 4s not taken (no VOICE_SERVER_UPDATE within " + ROUND_TIMEOUT.toSeconds() + " s)", missing);
            int shown = 0;
            for (int i = 0; i < sockets && shown < 5; i++) {
                if (!arrivals.joined(i)) {
                    System.out.printf("socket %d: no VOICE_SERVER_UPDATE%n", i);
                    shown++;
                }
            }
            return missing + " of " + sockets + " never joined";
        }
        long owed = (long) sockets * sockets;
        long deadline = System.nanoTime() + JOIN_FANOUT_TIMEOUT.toNanos();
        while (arrivals.states() - statesBefore < owed && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        double fannedSeconds = (System.nanoTime() - start) / 1e9;
        long got = arrivals.states() - statesBefore;
        System.out.printf(
                "op 4s sent in %.1f s; every VOICE_SERVER_UPDATE in after %.1f s; %,d of %,d VOICE_STATE_UPDATEs in "
                        + "after %.1f s%n",
                sentSeconds, joinedSeconds, got, owed, fannedSeconds);
        if (got < owed) {
            failures.put(
                    "join VOICE_STATE_UPDATEs missing after " + JOIN_FANOUT_TIMEOUT.toSeconds() + " s", owed - got);
        }
        return String.format(
                "all in voice after %.1f s; their %,d VOICE_STATE_UPDATEs on every socket after %.1f s",
                joinedSeconds, owed, fannedSeconds);
    }

    /**
     * The timed rounds' figures, each sorted: the first and the last socket's VOICE_STATE_UPDATE (their
     * difference is the fan-out's width) and the PATCH's answer.
     */
    private record Rounds(long[] firstSocket, long[] lastSocket, long[] answers) {}

    /** The moderator's rounds: warm-up first, then the timed ones. */
    private static Rounds rounds(
            int sockets,
            StageArrivals arrivals,
            GatewayTimers timers,
            String edge,
            String moderatorToken,
            long guild,
            long stage,
            long speaker,
            int rounds,
            int warmUp,
            Duration gap,
            Map<String, Long> failures)
            throws Exception {
        System.out.printf(
                "%n== the moderator's PATCH of user %d's suppress -> the last of %,d sockets: %d warm-up rounds, %d "
                        + "timed, at least %d ms apart (the warm-up's back to back)%n",
                speaker, sockets, warmUp, rounds, gap.toMillis());
        String path = "/api/v10/guilds/" + guild + "/voice-states/" + speaker;
        Map<String, String> headers = Map.of("Authorization", moderatorToken);
        long straysBefore = arrivals.strays();
        long[] firstSocket = new long[rounds];
        long[] lastSocket = new long[rounds];
        long[] answers = new long[rounds];
        long[] startedAt = new long[rounds];
        Arrays.fill(firstSocket, Long.MAX_VALUE);
        Arrays.fill(lastSocket, Long.MAX_VALUE);
        Arrays.fill(answers, Long.MAX_VALUE);
        int late = 0;
        GatewayTimers.Reading timersBefore = null;
        long lastSent = System.nanoTime() - gap.toNanos();
        try (BlockingHttp http = new BlockingHttp(URI.create(edge))) {
            for (int i = -warmUp; i < rounds && late < MAX_LATE_ROUNDS; i++) {
                int number = i + warmUp;
                if (i == 0) {
                    timersBefore = timers.read();
                }
                // Warm-up rounds follow each other at once: they are there for the JIT, which compiles a method
                // after hundreds to thousands of calls; the PATCH's own code runs once a round.
                long wait = gap.toNanos() - (System.nanoTime() - lastSent);
                if (i >= 0 && wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                // Everyone arrived suppressed: round 0 invites the speaker up, and each round after flips it.
                boolean suppress = number % 2 == 1;
                MarkedRound round = new MarkedRound(number, "\"suppress\":" + suppress, sockets);
                arrivals.timing(round);
                lastSent = System.nanoTime();
                if (i >= 0) {
                    startedAt[i] = System.currentTimeMillis();
                }
                round.started();
                BlockingHttp.Answer answer = http.send(
                        "PATCH", path, headers, "{\"channel_id\":\"" + stage + "\",\"suppress\":" + suppress + "}");
                long answered = System.nanoTime() - lastSent;
                if (answer.status() != 204) {
                    throw new IllegalStateException(
                            "round " + number + ": the PATCH answered " + answer.status() + ": " + answer.body());
                }
                long last = round.awaitLast(ROUND_TIMEOUT);
                if (last < 0) {
                    late++;
                    System.out.printf(
                            "round %d: %,d sockets without it after %d s%n",
                            number, round.missing(), ROUND_TIMEOUT.toSeconds());
                }
                if (i >= 0) {
                    answers[i] = answered;
                    if (last >= 0) {
                        firstSocket[i] = round.first();
                        lastSocket[i] = last;
                    }
                }
            }
        }
        if (late > 0) {
            // Rounds never run (stopped after too many late ones) stay late too.
            failures.put("rounds some socket did not get within " + ROUND_TIMEOUT.toSeconds() + " s", (long) late);
        }
        printSlowest(startedAt, answers, firstSocket, lastSocket);
        Arrays.sort(firstSocket);
        Arrays.sort(lastSocket);
        Arrays.sort(answers);
        System.out.printf(
                "PATCH -> last socket's VOICE_STATE_UPDATE over %d rounds: %s; the PATCH's own answer p50 %.2f ms, "
                        + "p99 %.2f ms%n",
                rounds, Figures.quantiles(lastSocket), Figures.millis(answers, 0.50), Figures.millis(answers, 0.99));
        System.out.printf("PATCH -> first socket's: %s%n", Figures.quantiles(firstSocket));
        if (timersBefore != null) {
            System.out.printf("the gateway's timers: %s%n", timers.read().meansSince(timersBefore));
        }
        System.out.printf(
                "the speaker's VOICE_STATE_UPDATEs that no round waited for (late, or duplicates): %d%n",
                arrivals.strays() - straysBefore);
        return new Rounds(firstSocket, lastSocket, answers);
    }

    /**
     * The slowest timed rounds with the wall-clock time each began, to lay beside the apps' logs (a collection's
     * pause, a compilation) and tell what the tail is made of.
     */
    private static void printSlowest(long[] startedAt, long[] answers, long[] firstSocket, long[] lastSocket) {
        DateTimeFormatter clock = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
        System.out.println("the slowest rounds (UTC start: PATCH answer / first socket / last socket):");
        IntStream.range(0, lastSocket.length)
                .boxed()
                .sorted(Comparator.comparingLong((Integer i) -> lastSocket[i]).reversed())
                .limit(SLOWEST_SHOWN)
                .forEach(i -> System.out.printf(
                        "  %s: %.1f / %.1f / %.1f ms%n",
                        clock.format(Instant.ofEpochMilli(startedAt[i])),
                        answers[i] / 1e6,
                        firstSocket[i] / 1e6,
                        lastSocket[i] / 1e6));
    }

    private static void fail(Map<String, Long> failures) {
        String summary = Figures.summary(failures);
        System.out.printf("failures: %s%n", summary);
        throw new IllegalStateException("stage fan-out failed: " + summary);
    }
}
