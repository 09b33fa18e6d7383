package dev.concord.gateway.session;

import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** remote-auth-service, the owner of user accounts, as the gateway needs it. */
interface IdentityClient {

    /**
     * The full user object ({@code GET /users/@me}) of the token in {@code authorization}. Fails with a
     * {@link dev.concord.gateway.protocol.ProtocolViolation} of 4004 when the service rejects the token,
     * with any other error when it cannot answer.
     */
    Mono<JsonNode> currentUser(String authorization);

    /**
     * The application of the bot whose token is in {@code authorization} ({@code GET /applications/@me}):
     * its id and flags say which privileged intents it may use. Fails as {@link #currentUser} does.
     */
    Mono<JsonNode> currentApplication(String authorization);
}
