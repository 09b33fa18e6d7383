package dev.concord.guild.emojis;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_ADD;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Counts the guild's own emoji used in its messages (MESSAGE_CREATE on webhook.events: a custom emoji is
 * {@code <:name:id>} or {@code <a:name:id>} in the content), each emoji once a message, and in its
 * reactions (MESSAGE_REACTION_ADD of a custom emoji: each reaction added once, as webhook-service sends
 * none for a reaction already there); each event once ({@link ProcessedEvents}); emoji of other guilds
 * are not counted. The ranking of {@link #top}.
 */
@Component
final class EmojiUses extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(MESSAGE_CREATE, MESSAGE_REACTION_ADD);

    /** How many emoji the ranking names at most. */
    static final int TOP = 20;
    /** More distinct emoji than this in one message are not all counted: content is at most 4,000 characters. */
    static final int MAX_PER_MESSAGE = 100;

    private static final Pattern CUSTOM_EMOJI = Pattern.compile("<a?:[A-Za-z0-9_]{2,32}:(\\d{1,20})>");

    /** One emoji's place in the guild's ranking, 1 the most used. */
    record Ranked(Snowflake emojiId, int emojiRank) {}

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final DatabaseClient db;
    private final String groupId;

    EmojiUses(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            DatabaseClient db,
            @Value("${spring.application.name:guild-service}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.db = db;
        this.groupId = serviceName + ".emoji-uses";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(
                groupId,
                List.of("webhook.events"),
                EventSubscriber.StartFrom.EARLIEST,
                processed.once(groupId, HANDLED, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        Set<Long> used;
        if (MESSAGE_CREATE.equals(event.type())) {
            used = emojiIds(event.data().path("content").asString(""));
        } else if (MESSAGE_REACTION_ADD.equals(event.type())) {
            used = reactionEmojiId(event);
        } else {
            return Mono.empty();
        }
        Snowflake guildId = Snowflake.parseOrNull(event.data().path("guild_id").asString(""));
        if (guildId == null || used.isEmpty()) {
            return Mono.empty();
        }
        Instant at = event.occurredAt() != null ? event.occurredAt().toInstant() : Instant.now();
        return db.sql("""
                        INSERT INTO emoji_uses (guild_id, emoji_id, uses, last_used_at)
                        SELECT :guild, id, 1, :at FROM emojis WHERE id = ANY(:ids) AND guild_id = :guild
                        ON CONFLICT (guild_id, emoji_id) DO UPDATE
                        SET uses = emoji_uses.uses + 1, last_used_at = greatest(emoji_uses.last_used_at, excluded.last_used_at)""")
                .bind("guild", guildId.value())
                .bind("ids", used.toArray(Long[]::new))
                .bind("at", at)
                .then();
    }

    /** A reaction's custom emoji id; none for a Unicode emoji (its {@code id} null). */
    private static Set<Long> reactionEmojiId(EventEnvelope event) {
        Snowflake id = Snowflake.parseOrNull(event.data().at("/emoji/id").asString(""));
        return id == null ? Set.of() : Set.of(id.value());
    }

    /** The custom emoji ids in a message's content, each once, in order. */
    static Set<Long> emojiIds(String content) {
        Set<Long> ids = new LinkedHashSet<>();
        Matcher matcher = CUSTOM_EMOJI.matcher(content);
        while (matcher.find() && ids.size() < MAX_PER_MESSAGE) {
            Snowflake id = Snowflake.parseOrNull(matcher.group(1));
            if (id != null) {
                ids.add(id.value());
            }
        }
        return ids;
    }

    /** The guild's most used emoji, most used first (the more recent first among equals). */
    Flux<Ranked> top(Snowflake guildId) {
        return db.sql("""
                        SELECT emoji_id FROM emoji_uses WHERE guild_id = :guild
                        ORDER BY uses DESC, last_used_at DESC, emoji_id LIMIT :top""")
                .bind("guild", guildId.value())
                .bind("top", TOP)
                .map(row -> Snowflake.of(row.get("emoji_id", Long.class)))
                .all()
                .index()
                .map(ranked -> new Ranked(ranked.getT2(), ranked.getT1().intValue() + 1));
    }
}
