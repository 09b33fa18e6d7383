package dev.concord.guild.emojis;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.blobs.BlobStore;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
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

    private static final Logger log = LoggerFactory.getLogger(EmojiService.class);

    private final EmojiStore store;
    private final EmojiUses uses;
    private final GuildAccesses accesses;
    private final UserDirectory users;
    private final BlobStore blobs;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    EmojiService(
            EmojiStore store,
            EmojiUses uses,
            GuildAccesses accesses,
            UserDirectory users,
            BlobStore blobs,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.uses = uses;
        this.accesses = accesses;
        this.users = users;
        this.blobs = blobs;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<List<EmojiData>> list(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .flatMap(access ->
                        store.ofGuild(guildId).collectList().flatMap(rows -> shown(rows, seesUploaders(access))));
    }

    /** One emoji of the guild; 404 10014 for one it does not have. */
    Mono<EmojiData> get(Snowflake guildId, Snowflake emojiId, Snowflake userId) {
        return accesses.load(guildId, userId, false).flatMap(access -> existing(guildId, emojiId)
                .flatMap(row -> shown(List.of(row), seesUploaders(access)))
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
            long[] roleIds = roleIds(access, Possible.valueOrNull(request.roles()));
            return premium(access, roleIds)
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
                        // The image first: a failed write leaves no row, and the transaction's failure
                        // after it leaves an image nobody reaches (its id is never handed out).
                        return blobs.write(
                                        EmojiBlobs.key(emojiId),
                                        Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(picture.bytes())),
                                        EmojiImages.MAX_BYTES)
                                .then(store.insert(row, now))
                                .flatMap(inserted -> announce(guildId).thenReturn(inserted));
                    }));
        });
        return transactions
                .transactional(created)
                .flatMap(row -> shown(List.of(row), true))
                .map(shown -> shown.get(0));
    }

    /** Renames the emoji or locks it to other roles; a PATCH that changes nothing writes and sends nothing. */
    Mono<EmojiData> modify(Snowflake guildId, Snowflake emojiId, Snowflake userId, EmojiModifyRequest request) {
        Mono<EmojiRow> changed = accesses.load(guildId, userId, true)
                .flatMap(access -> existing(guildId, emojiId).flatMap(row -> {
                    requireManageable(access, row, userId);
                    Mono<EmojiRow> result = Mono.just(row);
                    if (request.roles().isPresent()) {
                        long[] roleIds = roleIds(access, Possible.valueOrNull(request.roles()));
                        result = premium(access, roleIds).flatMap(premium -> {
                            if (premium != row.premium()) {
                                throw GuildErrors.emojiConversion();
                            }
                            return Arrays.equals(roleIds, row.roleIds())
                                    ? Mono.just(row)
                                    : store.setRoles(emojiId, roleIds);
                        });
                    }
                    String name = request.name().orNull();
                    if (name != null && !name.equals(row.name())) {
                        result = result.then(store.rename(emojiId, name));
                    }
                    return result.flatMap(after -> after.equals(row)
                            ? Mono.just(after)
                            : announce(guildId).thenReturn(after));
                }));
        return transactions
                .transactional(changed)
                .flatMap(row -> shown(List.of(row), true))
                .map(shown -> shown.get(0));
    }

    /** Deletes the emoji, then its image (an image left by a failed delete is unreachable, its id gone). */
    Mono<Void> delete(Snowflake guildId, Snowflake emojiId, Snowflake userId) {
        Mono<Void> deletion = accesses.load(guildId, userId, true)
                .flatMap(access -> existing(guildId, emojiId).flatMap(row -> {
                    requireManageable(access, row, userId);
                    return store.delete(emojiId).then(announce(guildId));
                }));
        return transactions
                .transactional(deletion)
                .then(blobs.delete(EmojiBlobs.key(emojiId)).onErrorResume(failure -> {
                    log.warn("image of deleted emoji {} not removed: {}", emojiId, failure.toString());
                    return Mono.empty();
                }));
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

    /** The roles as ids, each once, each a role of the guild other than @everyone (404 10011 otherwise). */
    private static long[] roleIds(GuildAccess access, @Nullable List<Snowflake> requested) {
        if (requested == null) {
            return new long[0];
        }
        Set<Long> roleIds = new LinkedHashSet<>();
        for (Snowflake roleId : requested) {
            RoleData role = access.role(roleId);
            if (!role.id().equals(access.guild().id())) {
                roleIds.add(role.id().value());
            }
        }
        return roleIds.stream().mapToLong(Long::longValue).toArray();
    }

    /** Whether these roles make a premium emoji: all subscription roles (true), none (false), or both (400 50144). */
    private Mono<Boolean> premium(GuildAccess access, long[] roleIds) {
        if (roleIds.length == 0) {
            return Mono.just(false);
        }
        return store.subscriptionIntegrations(access.guild().id()).collectList().map(integrations -> {
            int subscription = 0;
            for (long roleId : roleIds) {
                RoleData role = access.role(Snowflake.of(roleId));
                if (role.tags() != null
                        && integrations.contains(
                                role.tags().path("integration_id").asString(""))) {
                    subscription++;
                }
            }
            if (subscription != 0 && subscription != roleIds.length) {
                throw GuildErrors.mixedEmojiRoles();
            }
            return subscription != 0;
        });
    }

    private Mono<List<EmojiData>> shown(List<EmojiRow> rows, boolean withUploaders) {
        if (!withUploaders) {
            return Mono.just(rows.stream().map(row -> EmojiData.of(row, null)).toList());
        }
        return users.require(rows.stream().map(EmojiRow::userId).distinct().toList())
                .map(found -> rows.stream()
                        .map(row -> EmojiData.of(row, uploader(found, row)))
                        .toList());
    }

    private static @Nullable PartialUser uploader(Map<Snowflake, PartialUser> users, EmojiRow row) {
        return users.get(row.userId());
    }
}
