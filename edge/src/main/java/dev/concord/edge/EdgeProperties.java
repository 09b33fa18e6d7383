package dev.concord.edge;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the edge listens and where each service does. One field per service rather than a map, so that
 * an environment variable such as {@code CONCORD_EDGE_SERVICES_SOCIALSERVICE} can override one: map keys
 * bound from the environment lose their dashes.
 */
@ConfigurationProperties("concord.edge")
record EdgeProperties(
        @DefaultValue("0.0.0.0") String host,
        @DefaultValue("8080") int port,
        /** A service that does not accept the connection by then answers 502. */
        @DefaultValue("2s") Duration connectTimeout,
        /** A hung service fails the request with a 504 instead of holding a connection forever. */
        @DefaultValue("60s") Duration responseTimeout,
        Services services) {

    public record Services(
            URI remoteAuthService,
            URI socialService,
            URI presenceService,
            URI guildService,
            URI webhookService,
            URI gatewayService) {

        /** The base URL of a service named in routes.yaml; fails the start when it is missing or unusable. */
        public URI uriOf(String service) {
            URI uri =
                    switch (service) {
                        case "remote-auth-service" -> remoteAuthService;
                        case "social-service" -> socialService;
                        case "presence-service" -> presenceService;
                        case "guild-service" -> guildService;
                        case "webhook-service" -> webhookService;
                        case "gateway-service" -> gatewayService;
                        default ->
                            throw new IllegalStateException("routes.yaml names " + service
                                    + ", which concord.edge.services has no property for");
                    };
            if (uri == null || uri.getHost() == null || !"http".equals(uri.getScheme())) {
                throw new IllegalStateException(
                        "concord.edge.services." + service + " must be a URL like http://host:port");
            }
            // Requests are forwarded by their path alone: a base path would be dropped silently.
            if (uri.getRawPath() != null
                    && !uri.getRawPath().isEmpty()
                    && !uri.getRawPath().equals("/")) {
                throw new IllegalStateException("concord.edge.services." + service + " must not have a path: " + uri);
            }
            return uri;
        }
    }
}
