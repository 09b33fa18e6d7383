package dev.concord.guild.internal;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.OverwriteRequest;
import dev.concord.guild.guilds.GuildAccesses;
import dev.concord.guild.guilds.GuildStore;
import dev.concord.guild.guilds.MemberRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers other services' questions about permissions and membership. The guild's table, the channel
 * and the members asked about are read at once, in three statements, however many users are asked.
 */
@Service
final class AuthorizationService {

    private final GuildAccesses accesses;
    private final GuildStore guilds;
    private final ChannelStore channels;
    private final Clock clock;

    AuthorizationService(GuildAccesses accesses, GuildStore guilds, ChannelStore channels, Clock clock) {
        this.accesses = accesses;
        this.guilds = guilds;
        this.channels = channels;
        this.clock = clock;
    }

    /** What the guild owner is and what each member among the users asked about holds, in the guild or a channel. */
    record Answer(Snowflake guildId, Snowflake ownerId, Map<Snowflake, String> permissions) {}

    Mono<Answer> permissions(Snowflake guildId, PermissionsQuery query) {
        return Mono.zip(accesses.table(guildId), overwrites(guildId, query),
                        guilds.membersAmong(guildId, query.userIds()).collectList())
                .map(read -> answer(guildId, read.getT1(), read.getT2().orElse(null), read.getT3()));
    }

    /** A page of the guild's member ids; 404 10004 for a guild that does not exist. */
    Mono<List<Snowflake>> memberIds(Snowflake guildId, long after, int limit) {
        return guilds.find(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .thenMany(Flux.defer(() -> guilds.memberIds(guildId, after, limit)))
                .collectList();
    }

    private Answer answer(Snowflake guildId, GuildPermissions table, List<Overwrite> overwrites, List<MemberRow> members) {
        Instant now = clock.instant();
        Map<Snowflake, String> permissions = new LinkedHashMap<>();
        for (MemberRow member : members) {
            long bits = overwrites == null
                    ? table.base(member.forPermissions(), now)
                    : table.inChannel(member.forPermissions(), overwrites, now);
            permissions.put(member.userId(), Long.toString(bits));
        }
        return new Answer(guildId, Snowflake.of(table.ownerId()), permissions);
    }

    /** The overwrites to apply: the named channel's (404 10003 unless it is the guild's), those sent, or none. */
    private Mono<Optional<List<Overwrite>>> overwrites(Snowflake guildId, PermissionsQuery query) {
        if (query.channelId() != null) {
            return channels.find(query.channelId())
                    .filter(channel -> channel.guildId().equals(guildId))
                    .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                    .map(ChannelData::overwritesForPermissions)
                    .map(Optional::of);
        }
        if (query.overwrites() != null) {
            return Mono.just(Optional.of(query.overwrites().stream().map(OverwriteRequest::forPermissions).toList()));
        }
        return Mono.just(Optional.empty());
    }
}
