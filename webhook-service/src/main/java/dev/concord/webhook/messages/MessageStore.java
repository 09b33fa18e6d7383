package dev.concord.webhook.messages;

import dev.concord.platform.events.Change;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The {@code messages} table; each method is one statement. */
@Component
final class MessageStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    MessageStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * The insert of a new message as one statement, for the outbox to run with its MESSAGE_CREATE
     * ({@link dev.concord.platform.events.Outbox#appendForEachRow}): the message and its event commit
     * together without a transaction of their own. It returns the row given, as stored: reading back what
     * was just written would only parse its JSON again.
     */
    Change<MessageRow> insertion(MessageRow message) {
        Change<MessageRow> insert = Change.<MessageRow>of("""
                        INSERT INTO messages (channel_id, id, guild_id, author_id, webhook_id, type, content, tts, flags,
                                              mention_everyone, mention_ids, mention_role_ids, embeds, attachments,
                                              components, message_reference, nonce, author_name, author_avatar,
                                              application_id, interaction_metadata, poll, poll_expiry)
                        VALUES (:channel, :id, :guild, :author, :webhook, :type, :content, :tts, :flags, :everyone,
                                :mentions, :roles, :embeds::jsonb, :attachments::jsonb, :components::jsonb,
                                :reference::jsonb, :nonce,
                                :author_name, :author_avatar, :application, :interaction::jsonb, :poll::jsonb, :poll_expiry)
                        RETURNING id""", inserted -> message)
                .bind("channel", message.channelId().value())
                .bind("id", message.id().value())
                .bind("author", message.authorId().value())
                .bind("type", (short) message.type())
                .bind("content", message.content())
                .bind("tts", message.tts())
                .bind("flags", message.flags())
                .bind("everyone", message.mentionEveryone())
                .bind("mentions", ids(message.mentionIds()))
                .bind("roles", ids(message.mentionRoleIds()))
                .bind("embeds", mapper.writeValueAsString(message.embeds()))
                .bind("attachments", mapper.writeValueAsString(message.attachments()))
                .bind("components", mapper.writeValueAsString(message.components()));
        insert = bindId(insert, "guild", message.guildId());
        insert = bindId(insert, "webhook", message.webhookId());
        insert = bindId(insert, "application", message.applicationId());
        JsonNode poll = message.poll();
        insert = poll == null
                ? insert.bindNull("poll", String.class).bindNull("poll_expiry", Instant.class)
                : insert.bind("poll", mapper.writeValueAsString(poll))
                        .bind("poll_expiry", Instant.parse(poll.path("expiry").asString()));
        insert = message.interactionMetadata() == null
                ? insert.bindNull("interaction", String.class)
                : insert.bind("interaction", mapper.writeValueAsString(message.interactionMetadata()));
        MessageRow.WebhookAuthor shown = message.webhookAuthor();
        insert =
                shown == null ? insert.bindNull("author_name", String.class) : insert.bind("author_name", shown.name());
        insert = shown == null || shown.avatar() == null
                ? insert.bindNull("author_avatar", String.class)
                : insert.bind("author_avatar", shown.avatar());
        insert = message.messageReference() == null
                ? insert.bindNull("reference", String.class)
                : insert.bind("reference", mapper.writeValueAsString(message.messageReference()));
        return message.nonce() == null ? insert.bindNull("nonce", String.class) : insert.bind("nonce", message.nonce());
    }

    Mono<MessageRow> find(Snowflake channelId, Snowflake messageId) {
        return db.sql("SELECT * FROM messages WHERE channel_id = :channel AND id = :id")
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    /** The messages of the channel these ids name (others are left out). */
    Flux<MessageRow> findAll(Snowflake channelId, List<Snowflake> messageIds) {
        return db.sql("SELECT * FROM messages WHERE channel_id = :channel AND id = ANY(:ids)")
                .bind("channel", channelId.value())
                .bind("ids", ids(messageIds))
                .map(row -> MessageRow.read(row, mapper))
                .all();
    }

    /**
     * A page of the channel's messages, newest first (an ephemeral one, which only one person sees, is
     * no part of the history): before or after an id (one range of the primary
     * key), or around one (half before it, the message itself, the rest after).
     */
    Flux<MessageRow> page(Snowflake channelId, HistoryQuery query) {
        String sql =
                switch (query.direction()) {
                    case BEFORE -> """
                            SELECT * FROM messages WHERE channel_id = :channel AND id < :anchor AND flags & 64 = 0
                            ORDER BY id DESC LIMIT :limit""";
                    case AFTER -> """
                            SELECT * FROM (
                                SELECT * FROM messages WHERE channel_id = :channel AND id > :anchor AND flags & 64 = 0
                                ORDER BY id ASC LIMIT :limit) page
                            ORDER BY id DESC""";
                    case AROUND -> """
                            SELECT * FROM (
                                (SELECT * FROM messages WHERE channel_id = :channel AND id <= :anchor AND flags & 64 = 0
                                 ORDER BY id DESC LIMIT :older)
                                UNION ALL
                                (SELECT * FROM messages WHERE channel_id = :channel AND id > :anchor AND flags & 64 = 0
                                 ORDER BY id ASC LIMIT :newer)) page
                            ORDER BY id DESC""";
                };
        DatabaseClient.GenericExecuteSpec select =
                db.sql(sql).bind("channel", channelId.value()).bind("anchor", query.anchor());
        select = query.direction() == HistoryQuery.Direction.AROUND
                ? select.bind("older", query.limit() - query.limit() / 2).bind("newer", query.limit() / 2)
                : select.bind("limit", query.limit());
        return select.map(row -> MessageRow.read(row, mapper)).all();
    }

    /** The author's message with this nonce made since {@code since}, for enforce_nonce. */
    Mono<MessageRow> findByNonce(Snowflake channelId, Snowflake authorId, String nonce, Snowflake since) {
        return db.sql("""
                        SELECT * FROM messages
                        WHERE author_id = :author AND nonce = :nonce AND channel_id = :channel AND id >= :since
                        ORDER BY id LIMIT 1""")
                .bind("author", authorId.value())
                .bind("nonce", nonce)
                .bind("channel", channelId.value())
                .bind("since", since.value())
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    /** Serializes sends of one author's nonce until the transaction ends. */
    Mono<Void> lockNonce(Snowflake authorId, String nonce) {
        return db.sql("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))")
                .bind("key", authorId.asString() + ":" + nonce)
                .then();
    }

    /**
     * The copies of one published message in its followers' channels, in one statement however many: what
     * differs per copy (its id, channel, guild, follower webhook and the name and avatar it shows) goes in as
     * arrays, the rest is the first copy's, the same in all.
     */
    Mono<Void> insertCopies(List<MessageRow> copies) {
        if (copies.isEmpty()) {
            return Mono.empty();
        }
        MessageRow first = copies.get(0);
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO messages (channel_id, id, guild_id, author_id, webhook_id, type, content, tts, flags,
                                              mention_everyone, mention_ids, mention_role_ids, embeds, attachments,
                                              components, message_reference, author_name, author_avatar, poll,
                                              poll_expiry)
                        SELECT c.channel_id, c.id, c.guild_id, c.webhook_id, c.webhook_id, :type, :content, :tts, :flags,
                               false, '{}', '{}', :embeds::jsonb, :attachments::jsonb, :components::jsonb,
                               :reference::jsonb, c.author_name, c.author_avatar, :poll::jsonb, :poll_expiry
                        FROM unnest(:channels::bigint[], :ids::bigint[], :guilds::bigint[], :webhooks::bigint[],
                                    :names::text[], :avatars::text[])
                             AS c (channel_id, id, guild_id, webhook_id, author_name, author_avatar)""")
                .bind("type", (short) first.type())
                .bind("content", first.content())
                .bind("tts", first.tts())
                .bind("flags", first.flags())
                .bind("embeds", mapper.writeValueAsString(first.embeds()))
                .bind("attachments", mapper.writeValueAsString(first.attachments()))
                .bind("components", mapper.writeValueAsString(first.components()))
                .bind("reference", mapper.writeValueAsString(first.messageReference()))
                .bind(
                        "channels",
                        copies.stream().map(copy -> copy.channelId().value()).toArray(Long[]::new))
                .bind("ids", copies.stream().map(copy -> copy.id().value()).toArray(Long[]::new))
                .bind(
                        "guilds",
                        copies.stream().map(copy -> idOrNull(copy.guildId())).toArray(Long[]::new))
                .bind(
                        "webhooks",
                        copies.stream().map(copy -> idOrNull(copy.webhookId())).toArray(Long[]::new))
                .bind("names", copies.stream().map(MessageStore::shownName).toArray(String[]::new))
                .bind("avatars", copies.stream().map(MessageStore::shownAvatar).toArray(String[]::new));
        JsonNode poll = first.poll();
        insert = poll == null
                ? insert.bindNull("poll", String.class).bindNull("poll_expiry", Instant.class)
                : insert.bind("poll", mapper.writeValueAsString(poll))
                        .bind("poll_expiry", Instant.parse(poll.path("expiry").asString()));
        return insert.then();
    }

    private static @Nullable Long idOrNull(@Nullable Snowflake id) {
        return id == null ? null : id.value();
    }

    private static @Nullable String shownName(MessageRow row) {
        return row.webhookAuthor() == null ? null : row.webhookAuthor().name();
    }

    private static @Nullable String shownAvatar(MessageRow row) {
        return row.webhookAuthor() == null ? null : row.webhookAuthor().avatar();
    }

    /** Marks the message published to its channel's followers, unless it was: empty if it was. */
    Mono<MessageRow> markCrossposted(Snowflake channelId, Snowflake messageId) {
        return addFlag(channelId, messageId, MessageRow.CROSSPOSTED);
    }

    /** Sets one of the message's flags, unless it was set: the message as it now is, empty if it was. */
    Mono<MessageRow> addFlag(Snowflake channelId, Snowflake messageId, int flag) {
        return db.sql("""
                        UPDATE messages SET flags = flags | :flag
                        WHERE channel_id = :channel AND id = :id AND flags & :flag = 0 RETURNING *""")
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .bind("flag", flag)
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    /**
     * Claims up to {@code batch} polls that have ended without their result message: each is marked as
     * posted and answered, for the caller to post it in the same transaction.
     */
    Flux<MessageRow> claimEndedPolls(Instant now, int batch) {
        return db.sql("""
                        UPDATE messages SET poll_results_posted = true
                        WHERE (channel_id, id) IN (
                            SELECT channel_id, id FROM messages
                            WHERE poll_expiry <= :now AND NOT poll_results_posted
                            ORDER BY poll_expiry LIMIT :batch FOR UPDATE SKIP LOCKED)
                        RETURNING *""")
                .bind("now", now)
                .bind("batch", batch)
                .map(row -> MessageRow.read(row, mapper))
                .all();
    }

    /**
     * Ends the message's poll now, unless it had ended: the row as it is then (its result message to be
     * posted by the caller, so marked posted), empty if it had.
     */
    Mono<MessageRow> expirePoll(Snowflake channelId, Snowflake messageId, Instant now) {
        return db.sql("""
                        UPDATE messages SET poll = jsonb_set(poll, '{expiry}', CAST(:expiry AS jsonb)),
                            poll_expiry = :now, poll_results_posted = true
                        WHERE channel_id = :channel AND id = :id AND poll_expiry > :now
                        RETURNING *""")
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .bind("now", now)
                .bind("expiry", mapper.writeValueAsString(now.toString()))
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    Mono<MessageRow> update(MessageRow edited, Instant editedAt) {
        return db.sql("""
                        UPDATE messages SET content = :content, embeds = :embeds::jsonb, flags = :flags,
                            components = :components::jsonb, attachments = :attachments::jsonb,
                            mention_everyone = :everyone, mention_ids = :mentions, mention_role_ids = :roles,
                            edited_at = :edited
                        WHERE channel_id = :channel AND id = :id
                        RETURNING *""")
                .bind("content", edited.content())
                .bind("embeds", mapper.writeValueAsString(edited.embeds()))
                .bind("components", mapper.writeValueAsString(edited.components()))
                .bind("attachments", mapper.writeValueAsString(edited.attachments()))
                .bind("flags", edited.flags())
                .bind("everyone", edited.mentionEveryone())
                .bind("mentions", ids(edited.mentionIds()))
                .bind("roles", ids(edited.mentionRoleIds()))
                .bind("edited", editedAt)
                .bind("channel", edited.channelId().value())
                .bind("id", edited.id().value())
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    /** Replaces a system message's embeds (an alert's fields), leaving it unedited: the platform changed it. */
    Mono<MessageRow> replaceEmbeds(Snowflake channelId, Snowflake messageId, JsonNode embeds) {
        return db.sql("""
                        UPDATE messages SET embeds = :embeds::jsonb
                        WHERE channel_id = :channel AND id = :id RETURNING *""")
                .bind("embeds", mapper.writeValueAsString(embeds))
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    /** An auto moderation message (type 24) of the guild by its id alone, locked until the transaction ends. */
    Mono<MessageRow> findAutoModerationForUpdate(Snowflake guildId, Snowflake messageId) {
        return db.sql("""
                        SELECT * FROM messages WHERE guild_id = :guild AND id = :id AND type = :type
                        FOR UPDATE""")
                .bind("guild", guildId.value())
                .bind("id", messageId.value())
                .bind("type", MessageRow.AUTO_MODERATION_ACTION)
                .map(row -> MessageRow.read(row, mapper))
                .one();
    }

    Mono<Boolean> delete(Snowflake channelId, Snowflake messageId) {
        return db.sql("DELETE FROM messages WHERE channel_id = :channel AND id = :id")
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .fetch()
                .rowsUpdated()
                .map(deleted -> deleted > 0);
    }

    /** Deletes those of the ids that are messages of the channel, answering them as they were. */
    Flux<MessageRow> deleteAll(Snowflake channelId, List<Snowflake> messageIds) {
        return db.sql("DELETE FROM messages WHERE channel_id = :channel AND id = ANY(:ids) RETURNING *")
                .bind("channel", channelId.value())
                .bind("ids", ids(messageIds))
                .map(row -> MessageRow.read(row, mapper))
                .all();
    }

    private static Long[] ids(List<Snowflake> ids) {
        return ids.stream().map(Snowflake::value).toArray(Long[]::new);
    }

    private static <T> Change<T> bindId(Change<T> change, String name, @Nullable Snowflake id) {
        return id == null ? change.bindNull(name, Long.class) : change.bind(name, id.value());
    }
}
