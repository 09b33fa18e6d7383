package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.ThreadAccess;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything one permissions question needs, read in one statement on one connection: the guild's
 * owner and roles, the members asked about, and the channel's overwrites. Other services ask this on
 * their hot paths, so it is one round trip however many users are asked about.
 */
@Component
final class AuthorizationStore {

    private static final String QUESTION = """
            SELECT g.owner_id,
                (SELECT coalesce(json_agg(json_build_array(r.id, r.position, r.permissions)), '[]')
                 FROM roles r WHERE r.guild_id = g.id)::text AS roles,
                (SELECT coalesce(json_agg(json_build_array(m.user_id, m.role_ids, m.communication_disabled_until, m.flags)), '[]')
                 FROM members m WHERE m.guild_id = g.id AND m.user_id = ANY(:users))::text AS members,
                (SELECT c.guild_id = g.id FROM channels c WHERE c.id = :channel) AS channel_here,
                (SELECT json_build_array(t.type, (SELECT coalesce(json_agg(tm.user_id), '[]') FROM thread_members tm
                                                  WHERE tm.thread_id = t.id AND tm.user_id = ANY(:users)))
                 FROM threads t WHERE t.id = :channel AND t.guild_id = g.id)::text AS thread,
                (SELECT coalesce(json_agg(json_build_array(o.target_id, o.type, o.allow, o.deny)), '[]')
                 FROM permission_overwrites o
                 WHERE o.channel_id = coalesce((SELECT t.parent_id FROM threads t WHERE t.id = :channel), :channel)
                )::text AS overwrites
            FROM guilds g WHERE g.id = :guild""";

    private final DatabaseClient db;
    private final JsonMapper mapper;

    AuthorizationStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * What was read: the guild's table, the members among those asked about, and, when a channel was
     * named, whether it is the guild's and its overwrites.
     */
    record Question(
            GuildPermissions table,
            List<GuildMember> members,
            boolean channelInGuild,
            List<Overwrite> overwrites,
            @Nullable AskedThread thread) {}

    /**
     * A channel asked about that is a thread: its type and which of the users asked about joined it; the
     * overwrites read are then its parent's.
     */
    record AskedThread(int type, Set<Long> memberIds) {

        ThreadAccess of(GuildMember member) {
            return ThreadAccess.of(type, memberIds.contains(member.userId()));
        }
    }

    /** Empty when there is no such guild. */
    Mono<Question> read(Snowflake guildId, @Nullable Snowflake channelId, List<Snowflake> userIds) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(QUESTION)
                .bind("guild", guildId.value())
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new));
        spec = channelId == null ? spec.bindNull("channel", Long.class) : spec.bind("channel", channelId.value());
        return spec.map(row -> question(guildId, row)).one();
    }

    private Question question(Snowflake guildId, Readable row) {
        List<GuildRole> roles = new ArrayList<>();
        for (JsonNode role : mapper.readTree(row.get("roles", String.class))) {
            roles.add(new GuildRole(
                    role.get(0).asLong(), role.get(1).asInt(), role.get(2).asLong()));
        }
        List<GuildMember> members = new ArrayList<>();
        for (JsonNode member : mapper.readTree(row.get("members", String.class))) {
            long[] roleIds = new long[member.get(1).size()];
            for (int i = 0; i < roleIds.length; i++) {
                roleIds[i] = member.get(1).get(i).asLong();
            }
            JsonNode timeout = member.get(2);
            Instant until = timeout.isNull()
                    ? null
                    : OffsetDateTime.parse(timeout.asString()).toInstant();
            members.add(new GuildMember(
                    member.get(0).asLong(),
                    roleIds,
                    GuildMember.timeoutOf(until, member.get(3).asInt())));
        }
        List<Overwrite> overwrites = new ArrayList<>();
        for (JsonNode overwrite : mapper.readTree(row.get("overwrites", String.class))) {
            overwrites.add(new Overwrite(
                    overwrite.get(0).asLong(),
                    Overwrite.Type.of(overwrite.get(1).asInt()),
                    overwrite.get(2).asLong(),
                    overwrite.get(3).asLong()));
        }
        GuildPermissions table = new GuildPermissions(guildId.value(), row.get("owner_id", Long.class), roles);
        String threadJson = row.get("thread", String.class);
        AskedThread thread = null;
        if (threadJson != null) {
            JsonNode read = mapper.readTree(threadJson);
            Set<Long> joined = new HashSet<>();
            read.get(1).forEach(id -> joined.add(id.asLong()));
            thread = new AskedThread(read.get(0).asInt(), joined);
        }
        boolean here = Boolean.TRUE.equals(row.get("channel_here", Boolean.class)) || thread != null;
        return new Question(table, members, here, overwrites, thread);
    }
}
