package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ProtocolViolation;
import io.netty.channel.ChannelOption;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@link IdentityClient} over HTTP, bounded in time so a slow identity service cannot stall Identify. */
@Component
final class WebClientIdentityClient implements IdentityClient {

    private final WebClient client;

    WebClientIdentityClient(GatewaySettings settings, JsonMapper mapper) {
        HttpClient http = HttpClient.create()
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        settings.identifyTimeout().toMillis())
                .responseTimeout(settings.identifyTimeout());
        this.client = WebClient.builder()
                .baseUrl(settings.identityUrl())
                .clientConnector(new ReactorClientHttpConnector(http))
                .codecs(codecs -> codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper)))
                .build();
    }

    @Override
    public Mono<JsonNode> currentUser(String authorization) {
        return object("/users/@me", authorization);
    }

    @Override
    public Mono<JsonNode> currentApplication(String authorization) {
        return object("/applications/@me", authorization);
    }

    private Mono<JsonNode> object(String path, String authorization) {
        return client.get()
                .uri(path)
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .retrieve()
                .onStatus(
                        status -> status.value() == HttpStatus.UNAUTHORIZED.value(), response -> response.releaseBody()
                                .then(Mono.error(new ProtocolViolation(CloseCode.AUTHENTICATION_FAILED))))
                .bodyToMono(JsonNode.class)
                .filter(JsonNode::isObject)
                .switchIfEmpty(
                        Mono.error(() -> new IllegalStateException("identity service sent no object for " + path)));
    }
}
