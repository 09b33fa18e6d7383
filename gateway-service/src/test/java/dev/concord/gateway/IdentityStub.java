package dev.concord.gateway;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * remote-auth-service's {@code GET /users/@me}, answered from the token itself (its first part is the
 * user id), and a bot's {@code GET /applications/@me} (the application shares the bot's id and has the
 * three limited privileged intents, except bot {@link #UNPRIVILEGED_BOT}'s, which has none). User 401 is
 * refused with 401 and user 500 fails with 500, to drive the gateway's error paths.
 */
public final class IdentityStub implements AutoCloseable {

    public static final long REJECTED_USER = 401;
    public static final long FAILING_USER = 500;
    public static final long UNPRIVILEGED_BOT = 403;
    /** GATEWAY_PRESENCE_LIMITED, GATEWAY_GUILD_MEMBERS_LIMITED and GATEWAY_MESSAGE_CONTENT_LIMITED. */
    public static final long PRIVILEGED_FLAGS = (1L << 13) | (1L << 15) | (1L << 19);

    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final DisposableServer server;

    private IdentityStub() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get("/applications/@me", (request, response) -> {
                            String authorization = request.requestHeaders().get("Authorization", "");
                            String userId = userId(authorization.substring(Math.min(4, authorization.length())));
                            long flags = userId.equals(String.valueOf(UNPRIVILEGED_BOT)) ? 0 : PRIVILEGED_FLAGS;
                            return response.header("Content-Type", "application/json")
                                    .sendString(Mono.just("{\"id\":\"" + userId + "\",\"flags\":" + flags + "}"))
                                    .then();
                        })
                        .get("/users/@me", (request, response) -> {
                            String authorization = request.requestHeaders().get("Authorization", "");
                            authorizations.add(authorization);
                            boolean bot = authorization.startsWith("Bot ");
                            String userId = userId(bot ? authorization.substring(4) : authorization);
                            if (userId.equals(String.valueOf(REJECTED_USER))) {
                                return response.status(401)
                                        .sendString(Mono.just("{\"message\":\"401: Unauthorized\",\"code\":0}"))
                                        .then();
                            }
                            if (userId.equals(String.valueOf(FAILING_USER))) {
                                return response.status(500).then();
                            }
                            String user = "{\"id\":\"" + userId + "\",\"username\":\"user" + userId
                                    + "\",\"discriminator\":\"0\"," + "\"global_name\":null,\"avatar\":null,\"bot\":"
                                    + bot
                                    + ",\"mfa_enabled\":false,\"verified\":true}";
                            return response.header("Content-Type", "application/json")
                                    .sendString(Mono.just(user))
                                    .then();
                        }))
                .bindNow();
    }

    public static IdentityStub start() {
        return new IdentityStub();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** Every Authorization header received, in order. */
    public List<String> authorizations() {
        return authorizations;
    }

    @Override
    public void close() {
        server.disposeNow();
    }

    private static String userId(String token) {
        int dot = token.indexOf('.');
        try {
            return new String(
                    Base64.getUrlDecoder().decode(dot < 0 ? token : token.substring(0, dot)),
                    StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException e) {
            return "0";
        }
    }
}
