package dev.concord.guild.emojis;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's custom emoji. Members read them (the uploader only for those who may create or manage
 * expressions); CREATE_GUILD_EXPRESSIONS uploads one, and edits or deletes one's own; MANAGE_GUILD_EXPRESSIONS
 * edits or deletes any. Each change sends the guild's whole list (GUILD_EMOJIS_UPDATE).
 *
 * <p>A guild has three buckets ({@link EmojiLimits}): still and animated emoji, and premium ones (locked to
 * subscription roles, which an emoji's roles are all or none of; an emoji never moves between normal and
 * premium once made).
 */
@Service
final class EmojiService {

    private final EmojiStore store;
    private final EmojiUses uses;
    private final GuildAccesses accesses;
    private final EmojiRoles roles;
    private final EmojiViews views;
    private final EmojiFiles files;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    EmojiService(
            EmojiStore store,
            EmojiUses uses,
            GuildAccesses accesses,
            EmojiRoles roles,
            EmojiViews views,
            EmojiFiles files,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.uses = uses;
        this.accesses = accesses;
        this.roles = roles;
        this.views = views;
        this.files = files;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<List<EmojiData>> list(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .flatMap(access ->
                        store.ofGuild(guildId).collectList().flatMap(rows -> views.of(rows, seesUploaders(access))));
    }

    /** One emoji of the guild; 404 10014 for one it does not have. */
    Mono<EmojiData> get(Snowflake guildId, Snowflake emojiId, Snowflake userId) {
        return accesses.load(guildId, userId, false).flatMap(access -> existing(guildId, emojiId)
                .flatMap(row -> views.of(List.of(row), seesUploaders(access)))
                .map(shown -> shown.get(0)));
    }

    /** The guild's most used emoji, for its members: {@code {"items": [{"emoji_id", "emoji_rank"}]}}. */
    Mono<List<EmojiUses.Ranked>> top(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false).thenMany(uses.top(guildId)).collectList();
    }

    Mono<EmojiData> create(Snowflake guildId, Snowflake userId, EmojiCreateRequest request, EmojiPicture picture) {
        Snowflake emojiId = ids.next();
        Mono<EmojiRow> created = accesses.load(guildId, userId, true).flatMap(access -> {
            Instant now = clock.instant();
            access.require(Permission.CREATE_GUILD_EXPRESSIONS, now);
            long[] roleIds = EmojiRoles.ids(access, Possible.valueOrNull(request.roles()));
            return roles.premium(access, roleIds)
                    .flatMap(premium -> store.counts(guildId).flatMap(counts -> {
                        EmojiLimits.of(access.guild()).check(counts, premium, picture.animated());
                        EmojiRow row = new EmojiRow(
                                emojiId,
                                guildId,
                                null,
                                request.name().get(),
                                roleIds,
                                userId,
                                picture.animated(),
                                premium,
                                true,
                                picture.format());
                        return files.write(emojiId, picture)
                                .then(store.insert(row, now))
                                .flatMap(inserted -> announce(guildId).thenReturn(inserted));
                    }));
        });
        return transactions.transactional(created).flatMap(views::withUploader);
    }

    /** Renames the emoji or locks it to other roles; a PATCH that changes nothing writes and sends nothing. */
    Mono<EmojiData> modify(Snowflake guildId, Snowflake emojiId, Snowflake userId, EmojiModifyRequest request) {
        Mono<EmojiRow> changed = accesses.load(guildId, userId, true)
                .flatMap(access -> existing(guildId, emojiId).flatMap(row -> {
                    requireManageable(access, row, userId);
                    return relocked(access, row, request)
                            .flatMap(after -> renamed(after, request.name().orNull()))
                            .flatMap(after -> after.equals(row)
                                    ? Mono.just(after)
                                    : announce(guildId).thenReturn(after));
                }));
        return transactions.transactional(changed).flatMap(views::withUploader);
    }

    /** The emoji locked to the roles asked for, if any were; premium stays premium and normal normal (50145). */
    private Mono<EmojiRow> relocked(GuildAccess access, EmojiRow row, EmojiModifyRequest request) {
        if (!request.roles().isPresent()) {
            return Mono.just(row);
        }
        long[] roleIds = EmojiRoles.ids(access, Possible.valueOrNull(request.roles()));
        return roles.premium(access, roleIds).flatMap(premium -> {
            if (premium != row.premium()) {
                throw GuildErrors.emojiConversion();
            }
            return Arrays.equals(roleIds, row.roleIds()) ? Mono.just(row) : store.setRoles(row.id(), roleIds);
        });
    }

    private Mono<EmojiRow> renamed(EmojiRow row, @Nullable String name) {
        return name == null || name.equals(row.name()) ? Mono.just(row) : store.rename(row.id(), name);
    }

    /** Deletes the emoji, then its image (an image left by a failed delete is unreachable, its id gone). */
    Mono<Void> delete(Snowflake guildId, Snowflake emojiId, Snowflake userId) {
        Mono<Void> deletion = accesses.load(guildId, userId, true)
                .flatMap(access -> existing(guildId, emojiId).flatMap(row -> {
                    requireManageable(access, row, userId);
                    // A freed slot makes the oldest emoji beyond the limits (after lost boosts) usable again.
                    return store.delete(emojiId)
                            .then(store.fitAvailability(guildId, EmojiLimits.of(access.guild())))
                            .then(announce(guildId));
                }));
        return transactions.transactional(deletion).then(files.remove(emojiId));
    }

    private Mono<EmojiRow> existing(Snowflake guildId, Snowflake emojiId) {
        return store.findInGuild(guildId, emojiId).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)));
    }

    private Mono<Void> announce(Snowflake guildId) {
        return store.ofGuild(guildId)
                .collectList()
                .flatMap(emojis -> outbox.append(EmojiEvents.emojisUpdate(guildId, emojis)));
    }

    /** One's own emoji with CREATE_ or MANAGE_GUILD_EXPRESSIONS, anyone's with MANAGE_GUILD_EXPRESSIONS; 403 50013 otherwise. */
    private void requireManageable(GuildAccess access, EmojiRow emoji, Snowflake userId) {
        Instant now = clock.instant();
        boolean own = emoji.userId().equals(userId) && access.has(Permission.CREATE_GUILD_EXPRESSIONS, now);
        if (!own) {
            access.require(Permission.MANAGE_GUILD_EXPRESSIONS, now);
        }
    }

    private boolean seesUploaders(GuildAccess access) {
        Instant now = clock.instant();
        return access.has(Permission.CREATE_GUILD_EXPRESSIONS, now)
                || access.has(Permission.MANAGE_GUILD_EXPRESSIONS, now);
    }
}
