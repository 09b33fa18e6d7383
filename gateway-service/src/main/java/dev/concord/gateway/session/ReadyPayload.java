package dev.concord.gateway.session;

import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code d} of READY. Guilds are listed as unavailable, each followed by its GUILD_CREATE, as the
 * platform does for bots. Private channels and relationships are empty until their services feed the
 * gateway; clients treat empty lists as a new account.
 */
final class ReadyPayload {

    /** GATEWAY_PRESENCE, GATEWAY_GUILD_MEMBERS and GATEWAY_MESSAGE_CONTENT: the privileged intents are open. */
    static final long PRIVILEGED_INTENT_FLAGS = (1L << 12) | (1L << 14) | (1L << 18);

    private ReadyPayload() {}

    static ObjectNode of(
            JsonMapper mapper,
            int version,
            JsonNode user,
            List<JsonNode> guilds,
            Session session,
            String resumeUrl,
            @Nullable Shard shard,
            boolean privilegedAllowed) {
        ObjectNode d = mapper.createObjectNode();
        d.put("v", version);
        d.set("user", user);
        d.put("session_id", session.id());
        d.put("resume_gateway_url", resumeUrl);
        ArrayNode unavailable = d.putArray("guilds");
        for (JsonNode guild : guilds) {
            unavailable.addObject().put("id", guild.path("id").asString()).put("unavailable", true);
        }
        d.putArray("private_channels");
        d.putArray("relationships");
        d.putObject("user_settings");
        d.put("session_type", "normal");
        if (shard != null) {
            d.putArray("shard").add(shard.id()).add(shard.count());
        }
        Principal principal = session.principal();
        if (principal.isBot()) {
            // A bot's application shares its id unless the token names another.
            ObjectNode application = d.putObject("application");
            application.put(
                    "id",
                    (principal.applicationId() != null ? principal.applicationId() : principal.userId()).asString());
            application.put("flags", privilegedAllowed ? PRIVILEGED_INTENT_FLAGS : 0);
        }
        return d;
    }
}
