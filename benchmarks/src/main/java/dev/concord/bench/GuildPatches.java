package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The guild event of the fan-out benchmark: a PATCH of the guild's name through the edge by its owner,
 * which guild-service publishes as GUILD_UPDATE to every member. One at a time, each waited for on every
 * socket before the next.
 */
final class GuildPatches {

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI guildUri;
    private final String ownerToken;

    GuildPatches(String edge, String ownerToken, long guild) {
        this.guildUri = URI.create(edge + "/api/v10/guilds/" + guild);
        this.ownerToken = ownerToken;
    }

    /** When the PATCH was answered, and when the last of {@code sockets} had the event (-1: not in time). */
    record Timing(long answer, long lastSocket, long missing) {}

    Timing timedRound(int number, int sockets, Duration timeout) throws IOException, InterruptedException {
        FanoutRound round = FanoutRound.begin(number, sockets);
        HttpRequest patch = HttpRequest.newBuilder(guildUri)
                .header("Authorization", ownerToken)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + round.guildName() + "\"}"))
                .build();
        HttpResponse<String> response = http.send(patch, HttpResponse.BodyHandlers.ofString());
        long answer = System.nanoTime() - round.start;
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "PATCH of the guild answered " + response.statusCode() + ": " + response.body());
        }
        long last = round.awaitLast(timeout.toMillis());
        return new Timing(answer, last, round.missing());
    }
}
