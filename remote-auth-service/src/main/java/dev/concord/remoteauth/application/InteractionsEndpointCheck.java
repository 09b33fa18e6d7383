package dev.concord.remoteauth.application;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.secret.Secrets;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks an interactions endpoint URL as the platform does before saving it: the endpoint must answer a
 * correctly signed PING (interaction type 1) with a PONG ({@code {"type": 1}}) and refuse a badly signed
 * one with 401, which shows it checks signatures. Anything else, a timeout included, refuses the URL.
 */
@Component
class InteractionsEndpointCheck {

    private static final int PING = 1;
    private static final int PONG = 1;

    private final SignedPosts posts;
    private final JsonMapper mapper;
    private final ApplicationSettings settings;
    private final Clock clock;
    private final Secrets secrets;

    InteractionsEndpointCheck(
            SignedPosts posts, JsonMapper mapper, ApplicationSettings settings, Clock clock, Secrets secrets) {
        this.posts = posts;
        this.mapper = mapper;
        this.settings = settings;
        this.clock = clock;
        this.secrets = secrets;
    }

    /** Completes when {@code url} passes; fails with the 50035 naming the field otherwise. */
    Mono<Void> verify(String url, Snowflake applicationId, byte[] signingKey) {
        byte[] ping = ping(applicationId);
        return allowedHost(url)
                .then(send(url, ping, signingKey, true))
                .flatMap(signed -> signed.status() == HttpStatus.OK.value() && isPong(signed.body())
                        ? send(url, ping, signingKey, false)
                        : Mono.error(InteractionsEndpointCheck::refused))
                .flatMap(forged -> forged.status() == HttpStatus.UNAUTHORIZED.value()
                        ? Mono.<Void>empty()
                        : Mono.error(InteractionsEndpointCheck::refused))
                .onErrorMap(failure -> !(failure instanceof ApiException), failure -> refused());
    }

    private Mono<SignedPosts.Answer> send(String url, byte[] body, byte[] signingKey, boolean signedRight) {
        return posts.post(url, body, signingKey, !signedRight, settings.endpointTimeout());
    }

    private byte[] ping(Snowflake applicationId) {
        String token = secrets.token();
        String json = mapper.writeValueAsString(mapper.createObjectNode()
                .put("application_id", applicationId.asString())
                .put("id", Long.toString(clock.millis()))
                .put("token", token)
                .put("type", PING)
                .put("version", 1));
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private boolean isPong(String body) {
        try {
            JsonNode answer = mapper.readTree(body);
            return answer.path("type").isInt() && answer.path("type").intValue() == PONG;
        } catch (RuntimeException unreadable) {
            return false;
        }
    }

    /**
     * A host on a loopback, private or link-local address is refused unless the settings allow it: checked
     * again at each delivery, as the name may point elsewhere since it was saved.
     */
    Mono<Void> allowedHost(String url) {
        if (settings.allowPrivateEndpoints()) {
            return Mono.empty();
        }
        String host = URI.create(url).getHost();
        return Mono.fromCallable(() -> InetAddress.getAllByName(host))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(addresses -> {
                    for (InetAddress address : addresses) {
                        if (address.isLoopbackAddress()
                                || address.isSiteLocalAddress()
                                || address.isLinkLocalAddress()
                                || address.isAnyLocalAddress()
                                || address.isMulticastAddress()) {
                            return Mono.error(refused());
                        }
                    }
                    return Mono.<Void>empty();
                });
    }

    static RuntimeException refused() {
        return new Violations()
                .add(
                        "interactions_endpoint_url",
                        "APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID",
                        "The specified interactions endpoint url could not be verified.")
                .toException();
    }
}
