package dev.concord.remoteauth.application;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * A JSON body POSTed to an application's interactions endpoint, signed as the platform signs it
 * ({@link InteractionKeys#sign}): the hex signature in {@code X-Signature-Ed25519}, the Unix time it
 * signed in {@code X-Signature-Timestamp}.
 */
@Component
class SignedPosts {

    static final String SIGNATURE = "X-Signature-Ed25519";
    static final String TIMESTAMP = "X-Signature-Timestamp";

    /** What the endpoint answered: its status and body (empty when it sent none). */
    record Answer(int status, String body) {}

    private final WebClient http;
    private final Clock clock;

    SignedPosts(ObjectProvider<WebClient.Builder> http, Clock clock) {
        // Spring's builder when the web client's auto-configuration is on the class path; a plain one otherwise.
        this.http = http.getIfAvailable(WebClient::builder).build();
        this.clock = clock;
    }

    /**
     * Posts {@code body} signed with {@code signingKey}; {@code forged} flips one bit of the signature, as
     * the endpoint check sends once to see that the endpoint refuses what it cannot verify.
     */
    Mono<Answer> post(String url, byte[] body, byte[] signingKey, boolean forged, Duration timeout) {
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        String signature = InteractionKeys.sign(signingKey, timestamp, body);
        if (forged) {
            byte[] raw = HexFormat.of().parseHex(signature);
            raw[0] ^= 1;
            signature = HexFormat.of().formatHex(raw);
        }
        return http.post()
                .uri(URI.create(url))
                .contentType(MediaType.APPLICATION_JSON)
                .header(SIGNATURE, signature)
                .header(TIMESTAMP, timestamp)
                .bodyValue(body)
                .exchangeToMono(response -> response.bodyToMono(String.class)
                        .defaultIfEmpty("")
                        .map(text -> new Answer(response.statusCode().value(), text)))
                .timeout(timeout);
    }
}
