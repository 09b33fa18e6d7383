package dev.concord.gateway.session;

import dev.concord.gateway.protocol.Shard;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code d} of READY. Guilds are listed as unavailable, each followed by its GUILD_CREATE, as the
 * platform does for bots. Private channels and relationships are empty until their services feed the
 * gateway; clients treat empty lists as a new account. {@code sessions} and {@code presences} come from
 * presence-service. A person's READY carries the login's {@code static_client_session_id}, which their
 * client signs into the self-signature of the voice key it uploads (guild-service's {@code PUT
 * /voice/public-keys} derives the same id from the token); bots upload no voice keys.
 */
final class ReadyPayload {

    private ReadyPayload() {}

    static ObjectNode of(
            JsonMapper mapper,
            int version,
            JsonNode user,
            List<JsonNode> guilds,
            Session session,
            @Nullable String staticClientSessionId,
            String resumeUrl,
            @Nullable Shard shard,
            @Nullable JsonNode application,
            SessionPresences.@Nullable Ready presence) {
        ObjectNode d = mapper.createObjectNode();
        d.put("v", version);
        d.set("user", user);
        d.put("session_id", session.id());
        if (staticClientSessionId != null) {
            d.put("static_client_session_id", staticClientSessionId);
        }
        d.put("resume_gateway_url", resumeUrl);
        ArrayNode unavailable = d.putArray("guilds");
        for (JsonNode guild : guilds) {
            unavailable.addObject().put("id", guild.path("id").asString()).put("unavailable", true);
        }
        d.putArray("private_channels");
        d.putArray("relationships");
        // The user's sessions (this one among them) and the presences of the friends they see, as
        // presence-service has them; none when it did not answer in time.
        if (presence != null && presence.sessions().isArray()) {
            d.set("sessions", presence.sessions());
        } else {
            d.putArray("sessions");
        }
        if (presence != null && presence.presences().isArray()) {
            d.set("presences", presence.presences());
        } else {
            d.putArray("presences");
        }
        d.putObject("user_settings");
        d.put("session_type", "normal");
        if (shard != null) {
            d.putArray("shard").add(shard.id()).add(shard.count());
        }
        if (application != null) {
            // A bot's READY names its application, as the client libraries read it (its id and flags).
            d.putObject("application")
                    .put("id", application.path("id").asString())
                    .put("flags", application.path("flags").asLong(0));
        }
        return d;
    }
}
