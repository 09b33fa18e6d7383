package dev.concord.gateway.session;

import static dev.concord.gateway.session.Harness.identify;
import static dev.concord.gateway.session.Harness.identifyBot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.platform.json.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import tools.jackson.databind.JsonNode;

/** Opcodes and close codes of one connection, up to READY. Resume and delivery: {@link SessionLifecycleTest}. */
class GatewayConnectionTest {

    private final Harness harness = new Harness();
    private final RecordingOutbound outbound = new RecordingOutbound(100);
    private final GatewayConnection connection = harness.connect(outbound);

    @Test
    void helloFirstWithTheHeartbeatInterval() {
        assertThat(outbound.last())
                .isEqualTo(json("{\"op\":10,\"d\":{\"heartbeat_interval\":1000},\"s\":null,\"t\":null}"));
    }

    @Test
    void heartbeatIsAcknowledgedEvenBeforeIdentify() {
        connection.receive("{\"op\":1,\"d\":null}");

        assertThat(outbound.last()).isEqualTo(json("{\"op\":11,\"d\":null,\"s\":null,\"t\":null}"));
        assertThat(outbound.closedWith()).isNull();
    }

    @Test
    void identifyDispatchesReadyAsSequenceOne() {
        connection.receive(identify(harness.userToken(42)));

        JsonNode ready = outbound.last();
        assertThat(ready.get("op").intValue()).isZero();
        assertThat(ready.get("t").stringValue()).isEqualTo("READY");
        assertThat(ready.get("s").longValue()).isEqualTo(1);
        JsonNode d = ready.get("d");
        assertThat(d.get("v").intValue()).isEqualTo(10);
        assertThat(d.get("user")).isEqualTo(json("{\"id\":\"1\",\"username\":\"someone\"}"));
        assertThat(d.get("session_id").stringValue()).matches("[0-9a-f]{32}");
        assertThat(d.get("resume_gateway_url").stringValue()).isEqualTo("ws://gateway.test");
        assertThat(d.get("guilds")).isEmpty();
        assertThat(d.get("private_channels")).isEmpty();
        assertThat(d.get("relationships")).isEmpty();
        assertThat(d.get("session_type").stringValue()).isEqualTo("normal");
        assertThat(d.has("application")).isFalse();
        assertThat(harness.sessions.find(d.get("session_id").stringValue())).isPresent();
    }

    @Test
    void aPersonsReadyCarriesTheStaticClientSessionIdOfTheirLoginAndABotsNone() {
        String token = harness.userToken(42);
        connection.receive(identify(token));
        RecordingOutbound again = new RecordingOutbound(10);
        harness.connect(again).receive(identify(token));
        RecordingOutbound otherLogin = new RecordingOutbound(10);
        harness.connect(otherLogin).receive(identify(harness.userToken(42)));
        RecordingOutbound bot = new RecordingOutbound(10);
        harness.connect(bot).receive(identifyBot(harness.botToken(50), 513));

        String id = outbound.last().get("d").get("static_client_session_id").stringValue();
        assertThat(id).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
        assertThat(again.last().get("d").get("static_client_session_id").stringValue())
                .as("every connection of one login")
                .isEqualTo(id);
        assertThat(otherLogin.last().get("d").get("static_client_session_id").stringValue())
                .isNotEqualTo(id);
        assertThat(bot.last().get("d").has("static_client_session_id")).isFalse();
    }

    @Test
    void theUserIsFetchedWithTheClientsOwnAuthorization() {
        String userToken = harness.userToken(42);
        String botToken = harness.botToken(50);
        connection.receive(identify(userToken));
        harness.connect(new RecordingOutbound(10)).receive(identifyBot(botToken, 513));

        assertThat(harness.identityCalls).containsExactly(userToken, "Bot " + botToken);
    }

    @Test
    void aBotMayIdentifyWithABareOrPrefixedTokenAndGetsItsApplication() {
        String token = harness.botToken(50);
        connection.receive(identifyBot(token, 513));
        RecordingOutbound prefixed = new RecordingOutbound(10);
        harness.connect(prefixed).receive(identifyBot("Bot " + token, 513));

        JsonNode application = outbound.last().get("d").get("application");
        assertThat(application.get("id").stringValue()).isEqualTo("77");
        assertThat(application.get("flags").longValue()).isEqualTo(harness.applicationFlags);
        assertThat(prefixed.last().get("t").stringValue()).isEqualTo("READY");
    }

    @Test
    void shardIsEchoedInReady() {
        connection.receive(
                "{\"op\":2,\"d\":{\"token\":\"" + harness.botToken(50) + "\",\"intents\":1,\"shard\":[0,1]}}");

        assertThat(outbound.last().get("d").get("shard")).isEqualTo(json("[0,1]"));
    }

    @Test
    void closeCodes() {
        assertCloses("{\"op\":3,\"d\":{\"status\":\"online\"}}", CloseCode.NOT_AUTHENTICATED);
        assertCloses("{\"op\":8,\"d\":{}}", CloseCode.NOT_AUTHENTICATED);
        assertCloses("{\"op\":5,\"d\":null}", CloseCode.UNKNOWN_OPCODE);
        assertCloses("{\"op\":0,\"d\":null}", CloseCode.UNKNOWN_OPCODE);
        assertCloses("{op:1}", CloseCode.DECODE_ERROR);
        assertCloses("{\"op\":2,\"d\":\"token\"}", CloseCode.DECODE_ERROR);
        assertCloses(identify("forged.token.value"), CloseCode.AUTHENTICATION_FAILED);
        assertCloses("{\"op\":2,\"d\":{\"properties\":{}}}", CloseCode.AUTHENTICATION_FAILED);
        assertCloses("{\"op\":2,\"d\":{\"token\":\"" + harness.botToken(5) + "\"}}", CloseCode.INVALID_INTENTS);
        assertCloses(identifyBot(harness.botToken(5), 1L << 40), CloseCode.INVALID_INTENTS);
        assertCloses(
                "{\"op\":2,\"d\":{\"token\":\"" + harness.botToken(5) + "\",\"intents\":1,\"shard\":[1,1]}}",
                CloseCode.INVALID_SHARD);
        assertCloses(
                "{\"op\":6,\"d\":{\"token\":\"" + harness.userToken(5) + "\",\"session_id\":\"x\",\"seq\":-1}}",
                CloseCode.INVALID_SEQ);
    }

    @Test
    void privilegedIntentsAreRefusedWhenTheApplicationIsNotGrantedThem() {
        Harness strict = new Harness(100, 50, false);
        RecordingOutbound refused = new RecordingOutbound(10);
        strict.connect(refused).receive(identifyBot(strict.botToken(5), 1L << 15));

        assertThat(refused.closedWith()).isEqualTo(CloseCode.DISALLOWED_INTENTS);
    }

    @Test
    void aSecondIdentifyOrAResumeAfterIdentifyCloses4005() {
        connection.receive(identify(harness.userToken(42)));
        connection.receive(identify(harness.userToken(42)));

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.ALREADY_AUTHENTICATED);
    }

    @Test
    void identifyWhileTheUserIsStillBeingFetchedCloses4005() {
        Sinks.One<JsonNode> pending = Sinks.one();
        harness.identity = authorization -> pending.asMono();
        connection.receive(identify(harness.userToken(42)));
        connection.receive(identify(harness.userToken(42)));

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.ALREADY_AUTHENTICATED);
    }

    @Test
    void presenceUpdatesAreAcceptedOnceIdentified() {
        connection.receive(identify(harness.userToken(42)));
        connection.receive("{\"op\":3,\"d\":{\"status\":\"online\",\"since\":null,\"activities\":[],\"afk\":false}}");

        assertThat(outbound.closedWith()).isNull();
    }

    @Test
    void anIdentityServiceThatRejectsTheTokenCloses4004() {
        harness.identity = authorization -> Mono.error(new ProtocolViolation(CloseCode.AUTHENTICATION_FAILED));
        connection.receive(identify(harness.userToken(42)));

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.AUTHENTICATION_FAILED);
    }

    @Test
    void anIdentityServiceThatFailsCloses4000SoTheClientRetries() {
        harness.identity = authorization -> Mono.error(new IllegalStateException("connection refused"));
        connection.receive(identify(harness.userToken(42)));

        assertThat(outbound.closedWith().code()).isEqualTo(4000);
    }

    @Test
    void noSessionStartsForAConnectionClosedWhileTheUserWasFetched() {
        Sinks.One<JsonNode> pending = Sinks.one();
        harness.identity = authorization -> pending.asMono();
        connection.receive(identify(harness.userToken(42)));
        connection.closed(1006);
        pending.tryEmitValue(Json.mapper().createObjectNode().put("id", "42"));

        assertThat(harness.sessions.size()).isZero();
    }

    @Test
    void moreThan120PayloadsAMinuteClose4008() {
        RecordingOutbound outbound = new RecordingOutbound(1000);
        GatewayConnection connection = harness.connect(outbound);
        for (int i = 0; i < 120; i++) {
            harness.advance(Duration.ofMillis(100));
            connection.receive("{\"op\":1,\"d\":null}");
        }
        assertThat(outbound.closedWith()).isNull();

        connection.receive("{\"op\":1,\"d\":null}");

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.RATE_LIMITED);
    }

    @Test
    void aClientSilentForOneAndAHalfIntervalsPlusSlackCloses4009() {
        harness.advance(Duration.ofMillis(1900));
        connection.checkHeartbeat(harness.nanos.get());
        assertThat(outbound.closedWith()).isNull();

        connection.receive("{\"op\":1,\"d\":null}");
        harness.advance(Duration.ofMillis(1900));
        connection.checkHeartbeat(harness.nanos.get());
        assertThat(outbound.closedWith()).isNull();

        harness.advance(Duration.ofMillis(200));
        connection.checkHeartbeat(harness.nanos.get());
        assertThat(outbound.closedWith()).isEqualTo(CloseCode.SESSION_TIMED_OUT);
    }

    @Test
    void nothingIsHandledAfterClose() {
        connection.receive("{\"op\":99}");
        int sent = outbound.sent().size();
        connection.receive("{\"op\":1,\"d\":null}");

        assertThat(outbound.sent()).hasSize(sent);
        assertThat(outbound.closedWith()).isEqualTo(CloseCode.UNKNOWN_OPCODE);
    }

    private void assertCloses(String payload, CloseCode expected) {
        RecordingOutbound fresh = new RecordingOutbound(10);
        harness.connect(fresh).receive(payload);
        assertThat(fresh.closedWith()).as(payload).isEqualTo(expected);
    }

    private static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }
}
