package dev.concord.bench;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * "Does member U hold these permissions in channel C of guild G?" asked of guild-service's internal
 * authorization API through the platform client, by {@code concurrency} callers at once for
 * {@code seconds}: once with the client's cache (answers live 5 s, as configured by default), once with
 * every answer forgotten before it is asked, so each question is a call. Questions pick a member and a
 * channel of the guild at random.
 *
 * <p>Usage ({@link Benchmarks}): {@code authorization-load <guild-service url> <internal secret> <edge url>
 * <token> [concurrency] [seconds] [warm-up seconds]}; the token's first guild is the one asked about (the
 * local stack's demo guild for its demo user), and the token only lists that guild and its channels.
 */
public final class AuthorizationLoad {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Enough for a run of tens of thousands of calls a second; later samples are dropped, not grown into. */
    private static final int MAX_SAMPLES = 4_000_000;

    public static void main(String[] args) throws Exception {
        String guildService = args[0];
        String secret = args[1];
        String edge = args[2];
        String token = args[3];
        int concurrency = args.length > 4 ? Integer.parseInt(args[4]) : 64;
        int seconds = args.length > 5 ? Integer.parseInt(args[5]) : 15;
        int warmUp = args.length > 6 ? Integer.parseInt(args[6]) : Math.max(5, seconds);

        Snowflake guild = Snowflake.parse(
                get(edge, token, "/users/@me/guilds").path(0).path("id").asString());
        List<Snowflake> channels = new ArrayList<>();
        for (JsonNode channel : get(edge, token, "/guilds/" + guild.asString() + "/channels")) {
            channels.add(Snowflake.parse(channel.path("id").asString()));
        }
        GuildAuthorization client = new GuildAuthorization(
                WebClient.builder().baseUrl(guildService).build(),
                secret,
                Duration.ofSeconds(5),
                100_000,
                Duration.ofSeconds(5));
        List<Snowflake> members = new ArrayList<>(client.members(guild).block(Duration.ofSeconds(10)));
        System.out.printf(
                "guild %s: %d members, %d channels, %d callers%n", guild, members.size(), channels.size(), concurrency);

        run("warm-up, uncached", client, guild, members, channels, concurrency, warmUp, false, false);
        run("without the client cache", client, guild, members, channels, concurrency, seconds, false, true);
        run("warm-up, cached", client, guild, members, channels, concurrency, Math.min(5, warmUp), true, false);
        run("with the client cache", client, guild, members, channels, concurrency, seconds, true, true);
    }

    private static void run(
            String label,
            GuildAuthorization client,
            Snowflake guild,
            List<Snowflake> members,
            List<Snowflake> channels,
            int concurrency,
            int seconds,
            boolean cached,
            boolean report) {
        long[] samples = new long[MAX_SAMPLES];
        AtomicInteger count = new AtomicInteger();
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        long started = System.nanoTime();
        Flux.range(0, concurrency)
                .flatMap(
                        caller -> Mono.defer(() -> ask(client, guild, members, channels, cached, samples, count))
                                .repeat(() -> System.nanoTime() < deadline),
                        concurrency)
                .blockLast(Duration.ofSeconds(seconds + 30L));
        double elapsed = (System.nanoTime() - started) / 1e9;
        if (!report) {
            return;
        }
        int n = Math.min(count.get(), MAX_SAMPLES);
        if (n == 0) {
            throw new IllegalStateException(label + ": no answer in " + seconds + " s");
        }
        long[] sorted = Arrays.copyOf(samples, n);
        Arrays.sort(sorted);
        System.out.printf(
                "== %s: %,.0f answers/s, p50 %.3f ms, p99 %.3f ms, max %.1f ms (%,d answers)%n",
                label,
                count.get() / elapsed,
                millis(sorted, 0.50),
                millis(sorted, 0.99),
                sorted[n - 1] / 1e6,
                count.get());
    }

    private static Mono<Boolean> ask(
            GuildAuthorization client,
            Snowflake guild,
            List<Snowflake> members,
            List<Snowflake> channels,
            boolean cached,
            long[] samples,
            AtomicInteger count) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Snowflake member = members.get(random.nextInt(members.size()));
        Snowflake channel = channels.get(random.nextInt(channels.size()));
        if (!cached) {
            client.forget(guild);
        }
        long start = System.nanoTime();
        return client.has(guild, channel, member, Permission.SEND_MESSAGES).doOnSuccess(answer -> {
            int i = count.getAndIncrement();
            if (i < samples.length) {
                samples[i] = System.nanoTime() - start;
            }
        });
    }

    private static double millis(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }

    private static JsonNode get(String edge, String token, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(edge + "/api/v10" + path))
                .header("Authorization", token)
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }
}
