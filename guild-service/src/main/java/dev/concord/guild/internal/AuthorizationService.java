package dev.concord.guild.internal;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.channels.OverwriteRequest;
import dev.concord.guild.guilds.GuildStore;
import dev.concord.guild.internal.AuthorizationStore.AskedThread;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers other services' questions about permissions and membership: one statement per question,
 * however many users are asked about (see {@link AuthorizationStore}).
 */
@Service
final class AuthorizationService {

    private final AuthorizationStore store;
    private final AccessStore rows;
    private final GuildStore guilds;
    private final Clock clock;

    AuthorizationService(AuthorizationStore store, AccessStore rows, GuildStore guilds, Clock clock) {
        this.store = store;
        this.rows = rows;
        this.guilds = guilds;
        this.clock = clock;
    }

    /** What the guild owner is and what each member among the users asked about holds, in the guild or a channel. */
    record Answer(Snowflake guildId, Snowflake ownerId, Map<Snowflake, String> permissions) {}

    /**
     * 404 10004 for a guild that does not exist, 404 10003 for a {@code channel_id} that is not one of
     * its channels.
     */
    Mono<Answer> permissions(Snowflake guildId, PermissionsQuery query) {
        return store.read(guildId, query.channelId(), query.userIds())
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .map(read -> {
                    if (query.channelId() != null && !read.channelInGuild()) {
                        throw ApiErrors.unknown(Unknown.CHANNEL);
                    }
                    List<Overwrite> overwrites = query.channelId() != null
                            ? read.overwrites()
                            : query.overwrites() != null
                                    ? query.overwrites().stream()
                                            .map(OverwriteRequest::forPermissions)
                                            .toList()
                                    : null;
                    return answer(guildId, read.table(), overwrites, read.members(), read.thread());
                });
    }

    /** A page of the guild's member ids; 404 10004 for a guild that does not exist. */
    Mono<List<Snowflake>> memberIds(Snowflake guildId, long after, int limit) {
        return rows.find(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .thenMany(Flux.defer(() -> guilds.memberIds(guildId, after, limit)))
                .collectList();
    }

    private Answer answer(
            Snowflake guildId,
            GuildPermissions table,
            @Nullable List<Overwrite> overwrites,
            List<GuildMember> members,
            @Nullable AskedThread thread) {
        Instant now = clock.instant();
        Map<Snowflake, String> permissions = new LinkedHashMap<>();
        for (GuildMember member : members) {
            long bits = overwrites == null
                    ? table.base(member, now)
                    : thread != null
                            ? table.inThread(member, overwrites, thread.of(member), now)
                            : table.inChannel(member, overwrites, now);
            permissions.put(Snowflake.of(member.userId()), Long.toString(bits));
        }
        return new Answer(guildId, Snowflake.of(table.ownerId()), permissions);
    }
}
