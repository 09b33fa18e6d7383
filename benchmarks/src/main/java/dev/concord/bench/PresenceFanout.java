package dev.concord.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Presence at a gateway instance's scale (issue 19), in one run: N sockets, each its own user, identified
 * online on the gateway's own port; then
 *
 * <ul>
 *   <li>the resident memory of the gateway and of presence-service before the first socket and after the
 *       last READY (each after a full collection, so that garbage does not decide the figure): per 1,000
 *       sessions;
 *   <li>sustained presence changes ({@link SustainedPresence}): every user but the star changes its status in
 *       turn, at rates rising step by step, until a step's PRESENCE_UPDATEs are not all on the friends'
 *       sockets within a grace after its last op 3: the highest rate delivered in full;
 *   <li>one user, the star, with {@code friends} friends online, changes its status with op 3 (dnd and
 *       online in turn, so each is a change), one at a time: op 3 sent until the last friend's socket has the
 *       PRESENCE_UPDATE, after warm-up rounds. The sustained load runs first: it is also the JIT's warm-up.
 * </ul>
 *
 * <p>The users exist already: the script writes them into the identity database, and the friendships into
 * social-service's (before any socket identifies, as presence-service keeps each user's audience for a
 * minute). User 0 is the star; users 1 to {@code friends} are its friends; users 1 to N-1 stand in a ring,
 * each a friend of the {@code ring} users on either side. So a change of user i is owed to 2 × ring sockets,
 * and one more (the star's) when i is the star's friend. Tokens are signed here with the local stack's key.
 * Identifies go as {@link PacedIdentifies} says, after warm-up batches of {@code warm-up-users} more users
 * (of no friendship); the star identifies last, so that its READY lists every friend's presence, which is
 * checked. A READY that came without the session's presence (presence-service failed to open it) is counted
 * and that socket sends op 3 online, which opens it, before the star comes.
 *
 * <p>Op 3s are kept within the gateway's limit of 120 payloads per socket per 60 s ({@link OpBudget}): the
 * star's rounds are {@code round-gap-ms} apart at least, and a step of the sustained load waits until every
 * changer may send its share. Failures (a READY that never came, a socket closed, a round some friend did
 * not get in time, the lowest rate not delivered in full) are printed and fail the run; a rate below the
 * target is a figure, not a failure.
 *
 * <p>Usage ({@link Benchmarks}): {@code presence-fanout key=value...} with {@code socket} (the gateway
 * instance's ws:// URL, on this machine), {@code key-file}, {@code first-user}, {@code sockets},
 * {@code friends}, {@code ring} (default 2), {@code gateway-pid}, {@code presence-pid}, {@code presence-url}
 * (presence-service's http:// address, for its op 3 timer), {@code rounds} (default 200), {@code warm-up}
 * (rounds, default 20), {@code round-gap-ms} (default 650), {@code rates}
 * (changes/s per step, e.g. 500,1000,2000), {@code step-seconds} (default 10), {@code grace-seconds} (default
 * 2), {@code identify-rate} (default 200), {@code per-address} (default 100), {@code in-flight} (default 50),
 * {@code warm-up-users} (the users after the run's, for warm-up identifies; default 0, none),
 * {@code settle} (seconds before the memory is read after the last READY, default 0), {@code hello} (the
 * hello ceiling's req/s, for the share) and {@code deadline-minutes} (the whole run's bound, default 30).
 */
public final class PresenceFanout {

    private static final Duration ROUND_TIMEOUT = Duration.ofSeconds(10);
    /** Rounds some friend did not get in time before the run stops waiting for more. */
    private static final int MAX_LATE_ROUNDS = 3;
    /** How long the sockets must go without a PRESENCE_UPDATE before a phase starts: the last one's are in. */
    private static final Duration QUIET = Duration.ofSeconds(2);

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        String socket = options.loopbackUrl("socket");
        String socketUrl = socket + "/?v=10&encoding=json";
        BenchTokens tokens = options.tokens();
        long firstUser = Long.parseLong(options.required("first-user"));
        int sockets = Integer.parseInt(options.required("sockets"));
        int friends = Integer.parseInt(options.required("friends"));
        int ring = Integer.parseInt(options.get("ring", "2"));
        GatewayProcess gateway = new GatewayProcess(Long.parseLong(options.required("gateway-pid")));
        GatewayProcess presence = new GatewayProcess(Long.parseLong(options.required("presence-pid")));
        String presenceUrl = options.loopbackUrl("presence-url");
        PresenceOpTimer presenceOps = new PresenceOpTimer(presenceUrl);
        GatewayTimers gatewayTimers = new GatewayTimers(socket.replaceFirst("^ws", "http"));
        int rounds = Integer.parseInt(options.get("rounds", "200"));
        int warmUp = Integer.parseInt(options.get("warm-up", "20"));
        Duration roundGap = Duration.ofMillis(Long.parseLong(options.get("round-gap-ms", "650")));
        int[] rates = Arrays.stream(options.required("rates").split(","))
                .mapToInt(Integer::parseInt)
                .toArray();
        Duration step = Duration.ofSeconds(Long.parseLong(options.get("step-seconds", "10")));
        Duration grace = Duration.ofSeconds(Long.parseLong(options.get("grace-seconds", "2")));
        int identifyRate = Integer.parseInt(options.get("identify-rate", "200"));
        int perAddress = Integer.parseInt(options.get("per-address", "100"));
        int inFlight = Integer.parseInt(options.get("in-flight", "50"));
        Duration settle = Duration.ofSeconds(Long.parseLong(options.get("settle", "0")));
        double hello = Double.parseDouble(options.get("hello", "0"));
        int warmUpUsers = Integer.parseInt(options.get("warm-up-users", "0"));
        BenchOptions.stopAfter(
                "presence-fanout", Duration.ofMinutes(Long.parseLong(options.get("deadline-minutes", "30"))));
        if (friends < 1 || friends >= sockets || sockets - 1 <= 2 * ring || rounds < 1) {
            throw new IllegalArgumentException("need 1 <= friends < sockets, sockets - 1 > 2 * ring, rounds >= 1");
        }

        PacedIdentifies identifies = new PacedIdentifies(socketUrl, sockets, perAddress, identifyRate, inFlight);
        System.out.printf(
                "presence fan-out: %,d sockets, one user each, from %d loopback addresses, identifies paced at %d/s, "
                        + "%s; the star has %,d friends, every other user %d in a ring; gateway pid %d, "
                        + "presence-service pid %d%n",
                sockets,
                identifies.addresses(),
                identifyRate,
                socketUrl,
                friends,
                2 * ring,
                gateway.pid(),
                presence.pid());
        if (gateway.pid() == presence.pid()) {
            System.out.println("the gateway and presence-service share one JVM (no --jvm-per-app): their memory "
                    + "figures are the same process's");
        }

        PresenceArrivals arrivals = new PresenceArrivals(firstUser);
        List<PresenceSocket> all = new ArrayList<>();
        for (int i = 0; i < sockets; i++) {
            all.add(new PresenceSocket(i, tokens.userToken(firstUser + i), arrivals));
        }
        Map<String, Long> failures = new TreeMap<>();

        if (warmUpUsers > 0 && !identifies.warmUp(tokens, firstUser + sockets, warmUpUsers, arrivals)) {
            failures.put("presence-service failed presences of every warm-up batch", 1L);
            fail(failures);
        }
        JvmMemory gatewayBefore = JvmMemory.of(gateway);
        JvmMemory presenceBefore = JvmMemory.of(presence);
        // The star last: its READY then lists every friend's presence.
        double connectSeconds = identifies.open(all.subList(1, sockets));
        PacedIdentifies.countFailures(all, failures);
        if (!failures.isEmpty()) {
            fail(failures);
        }
        System.out.printf(
                "%,d READY in %.1f s (%.0f identifies/s)%n",
                sockets - 1, connectSeconds, (sockets - 1) / connectSeconds);
        long withoutPresence = openLostPresences(all.subList(1, sockets), arrivals);
        PresenceSocket star = all.get(0);
        identifies.open(List.of(star));
        PacedIdentifies.countFailures(all, failures);
        System.out.printf(
                "the star's READY listed %,d presences (%,d friends online)%s%n",
                star.readyPresences, friends, star.presenceOpened ? "" : ", and not its own session");
        if (failures.isEmpty() && (star.readyPresences != friends || !star.presenceOpened)) {
            failures.put(
                    "the star's READY listed " + star.readyPresences + " presences of " + friends
                            + (star.presenceOpened ? "" : " and not its own session"),
                    1L);
        }
        if (!failures.isEmpty()) {
            fail(failures);
        }
        if (!settle.isZero()) {
            System.out.printf(
                    "idle for %d s, so that every socket sends a heartbeat (READY leaves the replay)%n",
                    settle.toSeconds());
            Thread.sleep(settle.toMillis());
        }
        JvmMemory gatewayAfter = JvmMemory.of(gateway);
        JvmMemory presenceAfter = JvmMemory.of(presence);
        String gatewayMemory = gatewayAfter.perThousandSince(gatewayBefore, sockets);
        String presenceMemory = presenceAfter.perThousandSince(presenceBefore, sockets);
        System.out.printf("gateway: %s%npresence-service: %s%n", gatewayMemory, presenceMemory);

        awaitQuiet(arrivals);
        List<SustainedPresence.Step> steps =
                sustained(all, friends, ring, rates, step, grace, arrivals, presenceOps, failures);
        PacedIdentifies.countFailures(all, failures);
        if (!failures.isEmpty()) {
            fail(failures);
        }

        awaitQuiet(arrivals);
        long[] latencies = starRounds(
                star, friends, rounds, warmUp, roundGap, arrivals, new Timers(presenceOps, gatewayTimers), failures);
        PacedIdentifies.countFailures(all, failures);

        System.out.printf("PRESENCE_UPDATEs with a guild_id (none expected): %d%n", arrivals.guildPresences());
        Figures.printSummaryHead(socketUrl);
        System.out.printf(
                "| op 3 of a user with %,d friends online -> PRESENCE_UPDATE on the last friend's socket, %d rounds "
                        + "| %s | p99 < 100 ms |%n",
                friends, rounds, Figures.quantiles(latencies));
        System.out.printf(
                "| presence changes/s with every PRESENCE_UPDATE delivered (%,d users changing, %d-%d friends each, "
                        + "%d s steps) | %s | >= 5,000/s |%n",
                sockets - 1, 2 * ring, 2 * ring + 1, step.toSeconds(), sustainedFigure(steps, hello));
        System.out.printf(
                "| READYs without the session's presence (presence-service failed at Identify; opened by an op 3) "
                        + "| %,d of %,d | 0 |%n",
                withoutPresence, sockets - 1);
        System.out.printf("| gateway memory per 1,000 sessions (%,d sessions) | %s | |%n", sockets, gatewayMemory);
        System.out.printf(
                "| presence-service memory per 1,000 sessions (%,d sessions) | %s | |%n", sockets, presenceMemory);
        if (!failures.isEmpty()) {
            fail(failures);
        }
        System.out.println("failures: none");
    }

    /**
     * Sockets whose READY came without their presence (presence-service failed to open it at Identify, and
     * the gateway does not hold READY for it) are offline to their friends: each sends op 3 online, which
     * opens it, as a client's next op 3 would. Returns how many there were, a figure of the run. That op 3
     * is one more payload for the gateway's limit, within its margin ({@link OpBudget}).
     */
    private static long openLostPresences(List<PresenceSocket> sockets, PresenceArrivals arrivals)
            throws InterruptedException {
        List<PresenceSocket> lost =
                sockets.stream().filter(s -> !s.presenceOpened).toList();
        if (!lost.isEmpty()) {
            System.out.printf(
                    "%,d READYs without the session's presence (presence-service failed at Identify): "
                            + "each sends op 3 online%n",
                    lost.size());
            lost.forEach(socket -> socket.sendStatus("online"));
            awaitQuiet(arrivals);
        }
        return lost.size();
    }

    /** The steps of the sustained load, rising until one is not delivered in full (or the client lags). */
    private static List<SustainedPresence.Step> sustained(
            List<PresenceSocket> all,
            int friends,
            int ring,
            int[] rates,
            Duration step,
            Duration grace,
            PresenceArrivals arrivals,
            PresenceOpTimer presenceOps,
            Map<String, Long> failures)
            throws IOException, InterruptedException {
        List<PresenceSocket> changers = all.subList(1, all.size());
        int[] watchers = new int[changers.size()];
        for (int i = 0; i < watchers.length; i++) {
            // Changer i is user i + 1: its ring neighbours, and the star when it is one of the star's friends.
            watchers[i] = 2 * ring + (i + 1 <= friends ? 1 : 0);
        }
        SustainedPresence load = new SustainedPresence(
                changers, watchers, arrivals, presenceOps, step, grace, step.plus(Duration.ofSeconds(20)));
        System.out.printf(
                "%n== sustained presence changes: %,d users in turn, %d s per step; a step counts if every "
                        + "PRESENCE_UPDATE is in within %d s of its last op 3. A step first waits until no socket "
                        + "would send more than %d op 3s in %d s (the gateway closes one past 120 payloads in 60 s)%n",
                changers.size(), step.toSeconds(), grace.toSeconds(), OpBudget.LIMIT, OpBudget.WINDOW.toSeconds());
        System.out.println("| changes/s asked | sent/s | op 3s to presence-service (the rest merged by the gateway) "
                + "| their mean there | PRESENCE_UPDATEs owed | behind at the last op 3 | in within the grace "
                + "| in at all | waited first (the per-socket limit) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        List<SustainedPresence.Step> steps = new ArrayList<>();
        for (int rate : rates) {
            SustainedPresence.Step result = load.run(rate);
            steps.add(result);
            System.out.printf(
                    "| %,d | %,.0f | %,d of %,d | %s | %,d | %,d | %s | %s | %.1f s |%n",
                    result.rate(),
                    result.sentPerSecond(),
                    result.reachedPresence(),
                    result.sent(),
                    result.presenceMean(),
                    result.expected(),
                    result.behindAtLastSend(),
                    percent(result.inTime(), result.expected()),
                    percent(result.eventually(), result.expected()),
                    result.waited());
            if (result.eventually() > result.expected()) {
                failures.put("more PRESENCE_UPDATEs than the friendships explain at " + rate + "/s", 1L);
                break;
            }
            if (!result.clientKeptUp()) {
                System.out.printf(
                        "the client sent only %,.0f/s of %,d/s: no higher step%n", result.sentPerSecond(), rate);
                break;
            }
            if (!result.fullyDelivered()) {
                if (steps.size() == 1) {
                    failures.put("the lowest rate, " + rate + " changes/s, was not delivered in full", 1L);
                }
                break;
            }
            awaitQuiet(arrivals);
        }
        return steps;
    }

    /** The star's rounds: warm-up first, then the timed ones; each entry the round's time to the last friend. */
    private static long[] starRounds(
            PresenceSocket star,
            int friends,
            int rounds,
            int warmUp,
            Duration gap,
            PresenceArrivals arrivals,
            Timers timers,
            Map<String, Long> failures)
            throws IOException, InterruptedException {
        System.out.printf(
                "%n== the star's op 3 to the last of %,d friends: %d warm-up rounds, %d timed, at least %d ms apart%n",
                friends, warmUp, rounds, gap.toMillis());
        OpBudget budget = new OpBudget();
        // The star's coming online reached its friends as a stray too: only the rounds' own are counted.
        long straysBefore = arrivals.strays();
        long[] latencies = new long[rounds];
        long lastSent = System.nanoTime() - gap.toNanos();
        Arrays.fill(latencies, Long.MAX_VALUE);
        int late = 0;
        PresenceOpTimer.Reading opsBefore = null;
        GatewayTimers.Reading gatewayBefore = null;
        for (int i = -warmUp; i < rounds && late < MAX_LATE_ROUNDS; i++) {
            int number = i + warmUp;
            if (i == 0) {
                opsBefore = timers.presence().read();
                gatewayBefore = timers.gateway().read();
            }
            long now = System.nanoTime();
            long wait = Math.max(gap.toNanos() - (now - lastSent), budget.nanosUntilRoom(1, now));
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            // The star identified online: round 0 is dnd, and each round after flips it.
            String status = number % 2 == 0 ? "dnd" : "online";
            MarkedRound round = MarkedRound.status(number, status, friends);
            arrivals.timing(round);
            round.started();
            lastSent = System.nanoTime();
            budget.sent(lastSent);
            star.sendStatus(status);
            long last = round.awaitLast(ROUND_TIMEOUT);
            if (last < 0) {
                late++;
                System.out.printf(
                        "round %d: %,d friends without it after %d s%n",
                        number, round.missing(), ROUND_TIMEOUT.toSeconds());
            }
            if (i >= 0 && last >= 0) {
                latencies[i] = last;
            }
        }
        if (late > 0) {
            // Rounds never run (stopped after too many late ones) stay late too.
            failures.put("rounds some friend did not get within " + ROUND_TIMEOUT.toSeconds() + " s", (long) late);
        }
        Arrays.sort(latencies);
        System.out.printf(
                "op 3 -> last friend's PRESENCE_UPDATE over %d rounds: %s%n", rounds, Figures.quantiles(latencies));
        if (opsBefore != null && gatewayBefore != null) {
            System.out.printf(
                    "  of which presence-service's op 3: %s; the gateway's timers: %s%n",
                    timers.presence().read().meanSince(opsBefore),
                    timers.gateway().read().meansSince(gatewayBefore));
        }
        System.out.printf(
                "PRESENCE_UPDATEs about the star that no round waited for (late, or duplicates): %d%n",
                arrivals.strays() - straysBefore);
        return latencies;
    }

    /** Where the time of a round goes, by the services' own timers. */
    private record Timers(PresenceOpTimer presence, GatewayTimers gateway) {}

    /** The highest step delivered in full, and the first that was not, for the summary's row. */
    private static String sustainedFigure(List<SustainedPresence.Step> steps, double hello) {
        SustainedPresence.Step best = null;
        SustainedPresence.Step next = null;
        for (SustainedPresence.Step step : steps) {
            if (step.fullyDelivered() && step.clientKeptUp()) {
                best = step;
            } else {
                next = step;
                break;
            }
        }
        StringBuilder figure = new StringBuilder();
        if (best == null) {
            figure.append("none of the steps delivered in full");
        } else {
            figure.append(String.format("%,.0f changes/s", best.sentPerSecond()));
            if (hello > 0) {
                figure.append(String.format(
                        " (%.2f %% of the hello's %,.0f req/s)", 100 * best.sentPerSecond() / hello, hello));
            }
        }
        if (next != null) {
            figure.append(String.format(
                    "; at %,d/s asked (%,.0f sent) %s within the grace, %s in the end",
                    next.rate(),
                    next.sentPerSecond(),
                    percent(next.inTime(), next.expected()),
                    percent(next.eventually(), next.expected())));
        } else if (best != null) {
            figure.append(" (the highest step asked for)");
        }
        return figure.toString();
    }

    /** Waits until no PRESENCE_UPDATE has come for {@link #QUIET} (at most a minute): the last phase's are in. */
    private static void awaitQuiet(PresenceArrivals arrivals) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        long seen = arrivals.others() + arrivals.strays();
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < QUIET.toNanos() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            long now = arrivals.others() + arrivals.strays();
            if (now != seen) {
                seen = now;
                quietSince = System.nanoTime();
            }
        }
    }

    private static void fail(Map<String, Long> failures) {
        String summary = Figures.summary(failures);
        System.out.printf("failures: %s%n", summary);
        throw new IllegalStateException("presence fan-out failed: " + summary);
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format("%.2f %%", 100.0 * part / whole);
    }
}
