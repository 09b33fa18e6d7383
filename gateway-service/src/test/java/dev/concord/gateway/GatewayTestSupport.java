package dev.concord.gateway;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestTokens;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The gateway on a random port against real Redis and Kafka, with remote-auth-service stubbed. Heartbeats
 * are fast (1 s, timed out after 3.5 s) so the timeout can be observed.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "concord.gateway.heartbeat-interval=1s",
            "concord.gateway.heartbeat-slack=2s",
            "concord.gateway.public-url=ws://gateway.test",
            // A loaded CI machine can take seconds over the first call to the identity stub.
            "concord.gateway.identify-timeout=20s",
        })
@RealInfrastructure
public abstract class GatewayTestSupport {

    protected static final String SOCKET_PATH = "/?v=10&encoding=json";
    protected static final IdentityStub IDENTITY = IdentityStub.start();

    @LocalServerPort
    protected int port;

    @Autowired
    private TokenIssuer issuer;

    @DynamicPropertySource
    static void identityService(DynamicPropertyRegistry registry) {
        registry.add("concord.gateway.identity-url", IDENTITY::url);
    }

    protected String userToken(long userId) {
        return new TestTokens(issuer).user(Snowflake.of(userId));
    }

    /** A bot's token as Identify carries it: without the {@code Bot} scheme. */
    protected String botToken(long userId) {
        return TestTokens.bare(new TestTokens(issuer).bot(Snowflake.of(userId)));
    }

    protected TestSocket connect() {
        return TestSocket.connect(port, SOCKET_PATH);
    }

    /** Hello, Identify, READY: returns READY. */
    protected JsonNode identify(TestSocket socket, String token) {
        JsonNode hello = socket.next();
        if (hello.get("op").intValue() != 10) {
            throw new AssertionError("expected Hello, got op " + hello.get("op"));
        }
        socket.send(identifyPayload(token));
        return socket.nextDispatch("READY");
    }

    protected static String identifyPayload(String token) {
        return "{\"op\":2,\"d\":{\"token\":\"" + token
                + "\",\"properties\":{\"os\":\"linux\",\"browser\":\"concord-test\","
                + "\"device\":\"concord-test\"}}}";
    }

    protected static String identifyBotPayload(String token, long intents) {
        return "{\"op\":2,\"d\":{\"token\":\"" + token + "\",\"intents\":" + intents
                + ",\"properties\":{\"os\":\"linux\",\"browser\":\"concord-test\",\"device\":\"concord-test\"}}}";
    }
}
