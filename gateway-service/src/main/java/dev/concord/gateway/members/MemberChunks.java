package dev.concord.gateway.members;

import dev.concord.gateway.protocol.GuildMembersRequest;
import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The GUILD_MEMBERS_CHUNK payloads answering one request for one guild: at most 1000 members each. */
final class MemberChunks {

    static final int CHUNK_SIZE = 1000;

    private MemberChunks() {}

    /**
     * {@code guild_id}, {@code members}, {@code chunk_index}, {@code chunk_count}; {@code not_found} (the
     * ids asked for that are no members) in the first chunk of a request by id; {@code presences} when
     * asked for and allowed (none yet: presences are not served); {@code nonce} when there was a valid one.
     */
    static List<ObjectNode> of(
            JsonMapper mapper,
            Snowflake guildId,
            List<JsonNode> members,
            GuildMembersRequest request,
            boolean withPresences) {
        int count = Math.max(1, (members.size() + CHUNK_SIZE - 1) / CHUNK_SIZE);
        List<ObjectNode> chunks = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            ObjectNode chunk = mapper.createObjectNode();
            chunk.put("guild_id", guildId.asString());
            ArrayNode page = chunk.putArray("members");
            members.subList(index * CHUNK_SIZE, Math.min(members.size(), (index + 1) * CHUNK_SIZE))
                    .forEach(page::add);
            chunk.put("chunk_index", index);
            chunk.put("chunk_count", count);
            if (index == 0 && request.userIds() != null) {
                ArrayNode notFound = chunk.putArray("not_found");
                notFound(request.userIds(), members).forEach(id -> notFound.add(id.asString()));
            }
            if (withPresences) {
                chunk.putArray("presences");
            }
            putNonce(chunk, request.nonce());
            chunks.add(chunk);
        }
        return chunks;
    }

    /** The RATE_LIMITED payload of a refused request: {@code opcode}, {@code retry_after} (s), {@code meta}. */
    static ObjectNode rateLimited(
            JsonMapper mapper, Snowflake guildId, double retryAfterSeconds, @Nullable String nonce) {
        ObjectNode payload = mapper.createObjectNode();
        payload.put("opcode", 8);
        payload.put("retry_after", retryAfterSeconds);
        ObjectNode meta = payload.putObject("meta");
        meta.put("guild_id", guildId.asString());
        putNonce(meta, nonce);
        return payload;
    }

    private static void putNonce(ObjectNode node, @Nullable String nonce) {
        if (nonce != null) {
            node.put("nonce", nonce);
        }
    }

    private static Set<Snowflake> notFound(List<Snowflake> asked, List<JsonNode> members) {
        Set<Snowflake> missing = new LinkedHashSet<>(asked);
        for (JsonNode member : members) {
            Snowflake id = Snowflake.parseOrNull(member.path("user").path("id").asString(null));
            if (id != null) {
                missing.remove(id);
            }
        }
        return missing;
    }
}
