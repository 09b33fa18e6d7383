package dev.concord.edge;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where each service listens. One field per service rather than a map, so that an environment variable
 * such as {@code CONCORD_EDGE_SERVICES_SOCIALSERVICE} can override one: map keys bound from the
 * environment lose their dashes.
 */
@ConfigurationProperties("concord.edge")
public record EdgeProperties(Services services) {

    public record Services(
            URI remoteAuthService,
            URI socialService,
            URI presenceService,
            URI guildService,
            URI webhookService,
            URI gatewayService) {

        /** The base URL of a service named in routes.yaml; fails the start when it is missing or unusable. */
        public URI uriOf(String service) {
            URI uri = switch (service) {
                case "remote-auth-service" -> remoteAuthService;
                case "social-service" -> socialService;
                case "presence-service" -> presenceService;
                case "guild-service" -> guildService;
                case "webhook-service" -> webhookService;
                case "gateway-service" -> gatewayService;
                default -> throw new IllegalStateException("routes.yaml names " + service
                        + ", which concord.edge.services has no property for");
            };
            if (uri == null || uri.getHost() == null) {
                throw new IllegalStateException("concord.edge.services." + service + " must be a URL like http://host:port");
            }
            // The gateway keeps only scheme, host and port of a route URI: a base path would be dropped silently.
            if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/")) {
                throw new IllegalStateException("concord.edge.services." + service + " must not have a path: " + uri);
            }
            return uri;
        }
    }
}
