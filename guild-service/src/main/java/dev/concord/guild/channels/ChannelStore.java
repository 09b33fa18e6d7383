package dev.concord.guild.channels;

import dev.concord.guild.ColumnChanges;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import io.r2dbc.spi.Readable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
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
            SELECT c.*, c.available_tags::text AS available_tags_json, coalesce(
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

    /** The channels of several guilds with their overwrites, in position order within each guild. */
    public Flux<ChannelData> listOf(List<Snowflake> guildIds) {
        return db.sql(SELECT_WITH_OVERWRITES + " WHERE c.guild_id = ANY(:guilds) ORDER BY c.guild_id, c.position, c.id")
                .bind("guilds", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(this::channel)
                .all();
    }

    /** These channels with their overwrites, in one statement. */
    Flux<ChannelData> findAll(List<Snowflake> channelIds) {
        return db.sql(SELECT_WITH_OVERWRITES + " WHERE c.id = ANY(:ids) ORDER BY c.position, c.id")
                .bind("ids", channelIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(this::channel)
                .all();
    }

    public Mono<ChannelData> find(Snowflake channelId) {
        return db.sql(SELECT_WITH_OVERWRITES + " WHERE c.id = :id")
                .bind("id", channelId.value())
                .map(this::channel)
                .one();
    }

    /** The type of a channel of this guild; empty when the guild has no such channel. */
    Mono<Integer> typeOf(Snowflake guildId, Snowflake channelId) {
        return db.sql("SELECT type FROM channels WHERE id = :id AND guild_id = :guild")
                .bind("id", channelId.value())
                .bind("guild", guildId.value())
                .map(row -> row.get("type", Number.class).intValue())
                .one();
    }

    /** Which of {@code userIds} are members of the guild, in one query. */
    Mono<Set<Snowflake>> membersAmong(Snowflake guildId, List<Snowflake> userIds) {
        return db.sql("SELECT user_id FROM members WHERE guild_id = :guild AND user_id = ANY(:users)")
                .bind("guild", guildId.value())
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Snowflake.of(row.get("user_id", Long.class)))
                .all()
                .collect(Collectors.toSet());
    }

    /** The guild's channels' types by channel id. */
    public Mono<Map<Long, Integer>> types(Snowflake guildId) {
        return db.sql("SELECT id, type FROM channels WHERE guild_id = :guild")
                .bind("guild", guildId.value())
                .map(row -> Map.entry(
                        row.get("id", Long.class), row.get("type", Number.class).intValue()))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /**
     * Inserts a channel with its overwrites; without a position it goes after its siblings (the channels
     * with the same parent), as on the platform.
     */
    Mono<Void> insert(
            Snowflake guildId, Snowflake channelId, ChannelCreateRequest request, int type, List<ForumTag> tags) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO channels (id, guild_id, type, name, position, parent_id, topic, nsfw, bitrate,
                            user_limit, rate_limit_per_user, available_tags, default_sort_order, default_forum_layout,
                            default_reaction_emoji_id, default_reaction_emoji_name, default_thread_rate_limit_per_user,
                            rtc_region)
                        SELECT :id, :guild, :type, :name,
                            coalesce(:position, (SELECT coalesce(max(position) + 1, 0) FROM channels
                                                 WHERE guild_id = :guild AND parent_id IS NOT DISTINCT FROM :parent)),
                            :parent, :topic, :nsfw, :bitrate, :userLimit, :slowmode, :tags::jsonb, :sortOrder, :layout,
                            :emojiId, :emojiName, :threadSlowmode, :rtcRegion""")
                .bind("id", channelId.value())
                .bind("guild", guildId.value())
                .bind("type", type)
                .bind("name", request.name())
                .bind("nsfw", request.nsfw().orElse(false))
                .bind("slowmode", request.rateLimitPerUser().orElse(0));
        insert = bindOrNull(insert, "position", request.position().orNull(), Integer.class);
        insert = bindOrNull(
                insert,
                "parent",
                request.parentId().isPresent() ? request.parentId().get().value() : null,
                Long.class);
        insert = bindOrNull(
                insert, "topic", ChannelType.hasTopic(type) ? request.topic().orNull() : null, String.class);
        boolean voice = ChannelType.isVoice(type);
        insert = bindOrNull(
                insert, "bitrate", voice ? request.bitrate().orElse(ChannelType.DEFAULT_BITRATE) : null, Integer.class);
        insert = bindOrNull(insert, "userLimit", voice ? request.userLimit().orElse(0) : null, Integer.class);
        insert =
                bindOrNull(insert, "rtcRegion", voice ? Possible.valueOrNull(request.rtcRegion()) : null, String.class);
        // A type without the forum fields keeps their defaults: they were checked, and are ignored.
        boolean threadOnly = ChannelType.isThreadOnly(type);
        DefaultReaction emoji = threadOnly ? Possible.valueOrNull(request.defaultReactionEmoji()) : null;
        Integer layout = Possible.valueOrNull(request.defaultForumLayout());
        Integer threadSlowmode = Possible.valueOrNull(request.defaultThreadRateLimitPerUser());
        insert = insert.bind("tags", tagsText(threadOnly ? tags : List.of()))
                .bind("layout", type == ChannelType.FORUM && layout != null ? layout : 0)
                .bind("threadSlowmode", threadOnly && threadSlowmode != null ? threadSlowmode : 0);
        insert = bindOrNull(
                insert,
                "sortOrder",
                threadOnly ? Possible.valueOrNull(request.defaultSortOrder()) : null,
                Integer.class);
        Snowflake emojiId = emoji == null ? null : emoji.emojiId();
        insert = bindOrNull(insert, "emojiId", emojiId == null ? null : emojiId.value(), Long.class);
        insert = bindOrNull(insert, "emojiName", emoji == null ? null : emoji.emojiName(), String.class);
        return insert.then()
                .then(insertOverwrites(channelId, request.permissionOverwrites().orElse(List.of())));
    }

    private Mono<Void> insertOverwrites(Snowflake channelId, List<OverwriteRequest> overwrites) {
        if (overwrites.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        INSERT INTO permission_overwrites (channel_id, target_id, type, allow, deny)
                        SELECT :channel, target_id, type, allow, deny
                        FROM unnest(:targets::bigint[], :types::smallint[], :allows::bigint[], :denies::bigint[])
                             AS o (target_id, type, allow, deny)
                        ON CONFLICT (channel_id, target_id) DO UPDATE SET type = EXCLUDED.type, allow = EXCLUDED.allow,
                            deny = EXCLUDED.deny""")
                .bind("channel", channelId.value())
                .bind("targets", overwrites.stream().map(o -> o.id().value()).toArray(Long[]::new))
                .bind(
                        "types",
                        overwrites.stream().map(o -> o.type().shortValue()).toArray(Short[]::new))
                .bind(
                        "allows",
                        overwrites.stream().map(OverwriteRequest::allowBits).toArray(Long[]::new))
                .bind(
                        "denies",
                        overwrites.stream().map(OverwriteRequest::denyBits).toArray(Long[]::new))
                .then();
    }

    Mono<Void> update(Snowflake channelId, List<ColumnChanges.Change> changes) {
        return ColumnChanges.update(db, "channels", channelId.value(), changes);
    }

    /** Replaces every overwrite of the channel with {@code overwrites}. */
    Mono<Void> replaceOverwrites(Snowflake channelId, List<OverwriteRequest> overwrites) {
        return db.sql("DELETE FROM permission_overwrites WHERE channel_id = :channel")
                .bind("channel", channelId.value())
                .then()
                .then(insertOverwrites(channelId, overwrites));
    }

    /** Creates or replaces one overwrite. */
    Mono<Void> putOverwrite(Snowflake channelId, Snowflake targetId, int type, long allow, long deny) {
        return db.sql("""
                        INSERT INTO permission_overwrites (channel_id, target_id, type, allow, deny)
                        VALUES (:channel, :target, :type, :allow, :deny)
                        ON CONFLICT (channel_id, target_id) DO UPDATE SET type = EXCLUDED.type, allow = EXCLUDED.allow,
                            deny = EXCLUDED.deny""")
                .bind("channel", channelId.value())
                .bind("target", targetId.value())
                .bind("type", type)
                .bind("allow", allow)
                .bind("deny", deny)
                .then();
    }

    /** Deletes one overwrite; false when the channel had none for that target. */
    Mono<Boolean> deleteOverwrite(Snowflake channelId, Snowflake targetId) {
        return db.sql("DELETE FROM permission_overwrites WHERE channel_id = :channel AND target_id = :target")
                .bind("channel", channelId.value())
                .bind("target", targetId.value())
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /**
     * Deletes the channel. As on the platform, a category's channels stay, without a category, and the
     * guild's settings that named the channel are cleared. Returns the ids of the channels it orphaned.
     */
    Flux<Snowflake> delete(Snowflake guildId, Snowflake channelId) {
        return db.sql("""
                        WITH orphans AS (UPDATE channels SET parent_id = NULL WHERE parent_id = :channel RETURNING id),
                        settings AS (
                            UPDATE guilds SET
                                afk_channel_id = nullif(afk_channel_id, :channel),
                                system_channel_id = nullif(system_channel_id, :channel),
                                rules_channel_id = nullif(rules_channel_id, :channel),
                                public_updates_channel_id = nullif(public_updates_channel_id, :channel),
                                safety_alerts_channel_id = nullif(safety_alerts_channel_id, :channel),
                                widget_channel_id = nullif(widget_channel_id, :channel)
                            WHERE id = :guild),
                        gone AS (DELETE FROM channels WHERE id = :channel)
                        SELECT id FROM orphans""")
                .bind("guild", guildId.value())
                .bind("channel", channelId.value())
                .map(row -> Snowflake.of(row.get("id", Long.class)))
                .all();
    }

    /** The tags as the {@code available_tags} column keeps them: the answer's JSON array. */
    static io.r2dbc.postgresql.codec.Json tagsJson(List<ForumTag> tags) {
        return io.r2dbc.postgresql.codec.Json.of(tagsText(tags));
    }

    private static String tagsText(List<ForumTag> tags) {
        return Json.mapper().writeValueAsString(tags);
    }

    private static DatabaseClient.GenericExecuteSpec bindOrNull(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable Object value, Class<?> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }

    private ChannelData channel(Readable row) {
        int type = row.get("type", Number.class).intValue();
        List<OverwriteData> overwrites = mapper.readTree(row.get("overwrites", String.class))
                .valueStream()
                .map(o -> OverwriteData.of(
                        o.get(0).asLong(),
                        o.get(1).asInt(),
                        o.get(2).asLong(),
                        o.get(3).asLong()))
                .toList();
        boolean voice = ChannelType.isVoice(type);
        boolean threadOnly = ChannelType.isThreadOnly(type);
        Long parent = row.get("parent_id", Long.class);
        return new ChannelData(
                Snowflake.of(row.get("id", Long.class)),
                type,
                Snowflake.of(row.get("guild_id", Long.class)),
                row.get("name", String.class),
                row.get("position", Integer.class),
                overwrites,
                parent == null ? null : Snowflake.of(parent),
                Boolean.TRUE.equals(row.get("nsfw", Boolean.class)),
                ChannelType.hasTopic(type)
                        ? Possible.of(Optional.ofNullable(row.get("topic", String.class)))
                        : Possible.absent(),
                voice ? Possible.of(Optional.ofNullable(row.get("bitrate", Integer.class))) : Possible.absent(),
                voice ? Possible.of(Optional.ofNullable(row.get("user_limit", Integer.class))) : Possible.absent(),
                voice ? Possible.of(Optional.ofNullable(row.get("rtc_region", String.class))) : Possible.absent(),
                row.get("rate_limit_per_user", Integer.class),
                null,
                row.get("flags", Integer.class),
                threadOnly ? Possible.of(tags(row)) : Possible.absent(),
                threadOnly
                        ? Possible.of(Optional.ofNullable(row.get("default_sort_order", Integer.class)))
                        : Possible.absent(),
                type == ChannelType.FORUM
                        ? Possible.of(row.get("default_forum_layout", Integer.class))
                        : Possible.absent(),
                threadOnly ? Possible.of(Optional.ofNullable(reaction(row))) : Possible.absent(),
                threadOnly
                        ? Possible.of(row.get("default_thread_rate_limit_per_user", Integer.class))
                        : Possible.absent());
    }

    private List<ForumTag> tags(Readable row) {
        String json = row.get("available_tags_json", String.class);
        return json == null ? List.of() : List.of(mapper.readValue(json, ForumTag[].class));
    }

    private static @Nullable DefaultReaction reaction(Readable row) {
        Long id = row.get("default_reaction_emoji_id", Long.class);
        String name = row.get("default_reaction_emoji_name", String.class);
        return id == null && name == null ? null : new DefaultReaction(id == null ? null : Snowflake.of(id), name);
    }
}
