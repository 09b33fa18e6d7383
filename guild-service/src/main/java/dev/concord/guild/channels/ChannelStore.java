package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import io.r2dbc.spi.Readable;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The channel tables: channels and their permission overwrites. */
@Component
public final class ChannelStore {

    /** A channel with its overwrites aggregated into one JSON column, so one statement reads both. */
    private static final String SELECT_WITH_OVERWRITES = """
            SELECT c.*, coalesce(
                (SELECT json_agg(json_build_array(o.target_id, o.type, o.allow, o.deny) ORDER BY o.target_id)
                 FROM permission_overwrites o WHERE o.channel_id = c.id), '[]')::text AS overwrites
            FROM channels c""";

    private final DatabaseClient db;
    private final JsonMapper mapper;

    ChannelStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /** The guild's channels with their overwrites, in position order. */
    public Flux<ChannelData> list(Snowflake guildId) {
        return db.sql(SELECT_WITH_OVERWRITES + " WHERE c.guild_id = :guild ORDER BY c.position, c.id")
                .bind("guild", guildId.value())
                .map(this::channel)
                .all();
    }

    public Mono<ChannelData> find(Snowflake channelId) {
        return db.sql(SELECT_WITH_OVERWRITES + " WHERE c.id = :id")
                .bind("id", channelId.value())
                .map(this::channel)
                .one();
    }

    /** The guild's channels' types by channel id. */
    public Mono<Map<Long, Integer>> types(Snowflake guildId) {
        return db.sql("SELECT id, type FROM channels WHERE guild_id = :guild")
                .bind("guild", guildId.value())
                .map(row -> Map.entry(row.get("id", Long.class), row.get("type", Number.class).intValue()))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    private ChannelData channel(Readable row) {
        int type = row.get("type", Number.class).intValue();
        List<OverwriteData> overwrites = mapper.readTree(row.get("overwrites", String.class)).valueStream()
                .map(o -> OverwriteData.of(o.get(0).asLong(), o.get(1).asInt(), o.get(2).asLong(), o.get(3).asLong()))
                .toList();
        boolean voice = ChannelType.isVoice(type);
        Long parent = row.get("parent_id", Long.class);
        return new ChannelData(Snowflake.of(row.get("id", Long.class)), type, Snowflake.of(row.get("guild_id", Long.class)),
                row.get("name", String.class), row.get("position", Integer.class), overwrites,
                parent == null ? null : Snowflake.of(parent), Boolean.TRUE.equals(row.get("nsfw", Boolean.class)),
                ChannelType.hasTopic(type) ? Possible.of(row.get("topic", String.class)) : Possible.absent(),
                voice ? Possible.of(row.get("bitrate", Integer.class)) : Possible.absent(),
                voice ? Possible.of(row.get("user_limit", Integer.class)) : Possible.absent(),
                voice ? Possible.of(row.get("rtc_region", String.class)) : Possible.absent(),
                row.get("rate_limit_per_user", Integer.class), null, row.get("flags", Integer.class));
    }
}
