package dev.concord.gateway.protocol;

import dev.concord.platform.ids.Snowflake;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An op 8 Request Guild Members: members of a guild by username prefix ({@code query}, {@code ""} for
 * all, up to {@code limit}, 0 for no limit) or by id ({@code user_ids}). A payload of the wrong shape
 * closes 4002, as for every other op.
 *
 * @param guildIds one guild, or up to 100 (as many as a user may be in) as people's clients still send them
 * @param nonce echoed in the chunks; null when absent or longer than 32 bytes, which the platform ignores
 */
public record GuildMembersRequest(
        List<Snowflake> guildIds,
        @Nullable String query,
        int limit,
        @Nullable List<Snowflake> userIds,
        boolean presences,
        @Nullable String nonce) {

    public static final int MAX_USER_IDS = 100;
    public static final int MAX_GUILD_IDS = 100;
    public static final int MAX_NONCE_BYTES = 32;

    public GuildMembersRequest {
        guildIds = List.copyOf(guildIds);
        userIds = userIds == null ? null : List.copyOf(userIds);
    }

    /** Members by an empty query, up to any limit: the platform asks the GUILD_MEMBERS intent for these. */
    public boolean listsMembers() {
        return userIds == null && "".equals(query);
    }

    /** Every member ({@code ""} with no limit): the request the platform allows once per guild per 30 s. */
    public boolean wantsAll() {
        return listsMembers() && limit == 0;
    }

    public static GuildMembersRequest parse(JsonNode d) {
        if (!d.isObject()) {
            throw decodeError();
        }
        List<Snowflake> guildIds = snowflakes(d.get("guild_id"), 1, MAX_GUILD_IDS);
        List<Snowflake> userIds = d.hasNonNull("user_ids") ? snowflakes(d.get("user_ids"), 1, MAX_USER_IDS) : null;
        JsonNode query = d.get("query");
        if (query != null && !query.isNull() && !query.isString()) {
            throw decodeError();
        }
        // Ids win over a query sent alongside them; a request with neither asks nothing.
        String text = query == null || query.isNull() || userIds != null ? null : query.stringValue();
        if (text == null && userIds == null) {
            throw decodeError();
        }
        JsonNode limit = d.get("limit");
        // A query needs its limit.
        if (limit == null || limit.isNull()) {
            if (text != null) {
                throw decodeError();
            }
        } else if (!limit.isIntegralNumber() || !limit.canConvertToInt() || limit.intValue() < 0) {
            throw decodeError();
        }
        JsonNode presences = d.get("presences");
        if (presences != null && !presences.isNull() && !presences.isBoolean()) {
            throw decodeError();
        }
        return new GuildMembersRequest(
                guildIds,
                text,
                limit == null || limit.isNull() ? 0 : limit.intValue(),
                userIds,
                presences != null && presences.booleanValue(),
                nonce(d.get("nonce")));
    }

    private static @Nullable String nonce(@Nullable JsonNode nonce) {
        if (nonce == null || !nonce.isString()) {
            return null;
        }
        String value = nonce.stringValue();
        return value.getBytes(StandardCharsets.UTF_8).length > MAX_NONCE_BYTES ? null : value;
    }

    /** One snowflake, or an array of {@code min} to {@code max} of them, as strings or integers. */
    private static List<Snowflake> snowflakes(@Nullable JsonNode node, int min, int max) {
        if (node == null || node.isNull()) {
            throw decodeError();
        }
        if (!node.isArray()) {
            return List.of(snowflake(node));
        }
        if (node.size() < min || node.size() > max) {
            throw decodeError();
        }
        List<Snowflake> ids = new ArrayList<>(node.size());
        for (JsonNode id : node) {
            ids.add(snowflake(id));
        }
        return ids;
    }

    private static Snowflake snowflake(JsonNode node) {
        Snowflake id = node.isString()
                ? Snowflake.parseOrNull(node.stringValue())
                : node.isIntegralNumber() && node.canConvertToLong() && node.longValue() >= 0
                        ? Snowflake.of(node.longValue())
                        : null;
        if (id == null) {
            throw decodeError();
        }
        return id;
    }

    private static ProtocolViolation decodeError() {
        return new ProtocolViolation(CloseCode.DECODE_ERROR);
    }
}
