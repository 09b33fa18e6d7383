package dev.concord.gateway.session;

import static dev.concord.gateway.session.Harness.identify;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.platform.json.Json;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

/** What a connection tells presence-service: the Identify's presence, op 3 in order, and what READY lists from it. */
class PresenceOpsTest {

    private final Harness harness = new Harness();
    private final RecordingOutbound outbound = new RecordingOutbound(100);
    private final GatewayConnection connection = harness.connect(outbound);

    private String ready() {
        connection.receive("{\"op\":2,\"d\":{\"token\":\"" + harness.userToken(42)
                + "\",\"properties\":{\"os\":\"linux\",\"browser\":\"Discord Client\"},"
                + "\"presence\":{\"status\":\"dnd\",\"activities\":[],\"since\":0,\"afk\":false}}}");
        return outbound.last().path("d").path("session_id").asString();
    }

    @Test
    void identifyOpensThePresenceAndReadyListsSessionsAndPresences() {
        String session = ready();

        assertThat(harness.presences.calls)
                .containsExactly(
                        "open " + session + " {\"status\":\"dnd\",\"activities\":[],\"since\":0,\"afk\":false}");
        JsonNode d = outbound.last().path("d");
        assertThat(d.path("sessions").get(0).path("session_id").asString()).isEqualTo(session);
        assertThat(d.path("presences").get(0).path("status").asString()).isEqualTo("idle");
    }

    @Test
    void aGuildCreateCarriesTheGuildsPresencesForASessionThatReceivesThem() {
        harness.guilds = userId -> Flux.just(Json.mapper().readTree("{\"id\": \"81\", \"name\": \"g\"}"));

        ready();

        assertThat(harness.presences.calls.get(0)).endsWith(" guilds [81]");
        JsonNode guildCreate = outbound.last();
        assertThat(guildCreate.path("t").asString()).isEqualTo("GUILD_CREATE");
        assertThat(guildCreate
                        .path("d")
                        .path("presences")
                        .get(0)
                        .path("guild_id")
                        .asString())
                .isEqualTo("81");
    }

    @Test
    void opThreeGoesToPresenceServiceAndABurstSendsItsLatest() {
        String session = ready();
        harness.presences.holdUpdates();

        connection.receive("{\"op\":3,\"d\":{\"status\":\"idle\",\"activities\":[],\"since\":1,\"afk\":true}}");
        connection.receive("{\"op\":3,\"d\":{\"status\":\"online\",\"activities\":[],\"since\":0,\"afk\":false}}");
        connection.receive("{\"op\":3,\"d\":{\"status\":\"dnd\",\"activities\":[],\"since\":0,\"afk\":false}}");
        harness.presences.release();

        assertThat(harness.presences.calls)
                .containsExactly(
                        "open " + session + " {\"status\":\"dnd\",\"activities\":[],\"since\":0,\"afk\":false}",
                        "update " + session + " {\"status\":\"idle\",\"activities\":[],\"since\":1,\"afk\":true}",
                        "update " + session + " {\"status\":\"dnd\",\"activities\":[],\"since\":0,\"afk\":false}");
        assertThat(outbound.closedWith()).isNull();
    }

    @Test
    void aPresenceOutOfItsLimitsClosesWithDecodeError() {
        ready();
        harness.presences.outcome = SessionPresences.Outcome.INVALID;

        connection.receive("{\"op\":3,\"d\":{\"status\":\"online\",\"activities\":[{\"name\":\"x\",\"type\":0}]}}");

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.DECODE_ERROR);
    }

    @Test
    void aLostPresenceIsOpenedAgainWithTheUpdate() {
        String session = ready();
        harness.presences.outcome = SessionPresences.Outcome.UNKNOWN_SESSION;

        connection.receive("{\"op\":3,\"d\":{\"status\":\"idle\",\"activities\":[],\"since\":0,\"afk\":false}}");

        assertThat(harness.presences.calls)
                .endsWith(
                        "update " + session + " {\"status\":\"idle\",\"activities\":[],\"since\":0,\"afk\":false}",
                        "open " + session + " {\"status\":\"idle\",\"activities\":[],\"since\":0,\"afk\":false}");
        assertThat(outbound.closedWith()).isNull();
    }

    @Test
    void opThreeNeedsAnObjectAndAnIdentify() {
        connection.receive("{\"op\":3,\"d\":{\"status\":\"idle\"}}");
        assertThat(outbound.closedWith()).isEqualTo(CloseCode.NOT_AUTHENTICATED);

        Harness other = new Harness();
        RecordingOutbound out = new RecordingOutbound(100);
        GatewayConnection second = other.connect(out);
        second.receive(identify(other.userToken(43)));
        second.receive("{\"op\":3,\"d\":\"idle\"}");
        assertThat(out.closedWith()).isEqualTo(CloseCode.DECODE_ERROR);
    }

    @Test
    void anIdentifyWithABadPresenceClosesWithDecodeError() {
        harness.presences.refuseOpen = true;

        connection.receive(identify(harness.userToken(42)));

        assertThat(outbound.closedWith()).isEqualTo(CloseCode.DECODE_ERROR);
        assertThat(harness.sessions.size()).isZero();
    }
}
