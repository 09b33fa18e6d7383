package dev.concord.guild.emojis;

import dev.concord.guild.GuildErrors;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * An application's own emoji: up to {@link #MAX_PER_APPLICATION}, names unique in the application, never
 * role-locked, managed or unavailable, always with their uploader. The application's bot (its bot token)
 * and its owner may list and change them; nobody else learns they exist. No gateway event names them.
 */
@Service
final class ApplicationEmojiService {

    static final int MAX_PER_APPLICATION = 2_000;

    private final EmojiStore store;
    private final ApplicationOwners owners;
    private final EmojiViews views;
    private final EmojiFiles files;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    ApplicationEmojiService(
            EmojiStore store,
            ApplicationOwners owners,
            EmojiViews views,
            EmojiFiles files,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.owners = owners;
        this.views = views;
        this.files = files;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<List<EmojiData>> list(Snowflake applicationId, Principal me) {
        return authorized(applicationId, me)
                .thenMany(store.ofApplication(applicationId))
                .collectList()
                .flatMap(rows -> views.of(rows, true));
    }

    Mono<EmojiData> get(Snowflake applicationId, Snowflake emojiId, Principal me) {
        return authorized(applicationId, me)
                .then(existing(applicationId, emojiId))
                .flatMap(views::withUploader);
    }

    Mono<EmojiData> create(
            Snowflake applicationId, Principal me, ApplicationEmojiCreateRequest request, EmojiPicture picture) {
        Snowflake emojiId = ids.next();
        String name = request.name().get();
        Mono<EmojiRow> created = authorized(applicationId, me)
                .then(store.lockApplication(applicationId))
                .then(Mono.zip(
                        store.countOfApplication(applicationId),
                        store.applicationNameTaken(applicationId, name, emojiId)))
                .flatMap(found -> {
                    if (found.getT1() >= MAX_PER_APPLICATION) {
                        throw GuildErrors.tooManyEmojis(MAX_PER_APPLICATION);
                    }
                    if (found.getT2()) {
                        throw nameTaken();
                    }
                    EmojiRow row = new EmojiRow(
                            emojiId,
                            null,
                            applicationId,
                            name,
                            new long[0],
                            me.userId(),
                            picture.animated(),
                            false,
                            true,
                            picture.format());
                    return files.write(emojiId, picture).then(store.insert(row, clock.instant()));
                });
        return transactions
                .transactional(created)
                .onErrorMap(DuplicateKeyException.class, duplicate -> nameTaken())
                .flatMap(views::withUploader);
    }

    Mono<EmojiData> modify(
            Snowflake applicationId, Snowflake emojiId, Principal me, ApplicationEmojiModifyRequest request) {
        String name = request.name().orNull();
        Mono<EmojiRow> changed = authorized(applicationId, me)
                .then(store.lockApplication(applicationId))
                .then(existing(applicationId, emojiId))
                .flatMap(row -> {
                    if (name == null || name.equals(row.name())) {
                        return Mono.just(row);
                    }
                    return store.applicationNameTaken(applicationId, name, emojiId)
                            .flatMap(taken -> {
                                if (taken) {
                                    throw nameTaken();
                                }
                                return store.rename(emojiId, name);
                            });
                });
        return transactions
                .transactional(changed)
                .onErrorMap(DuplicateKeyException.class, duplicate -> nameTaken())
                .flatMap(views::withUploader);
    }

    Mono<Void> delete(Snowflake applicationId, Snowflake emojiId, Principal me) {
        return authorized(applicationId, me)
                .then(existing(applicationId, emojiId))
                .flatMap(row -> store.delete(emojiId))
                .then(files.remove(emojiId));
    }

    /**
     * The application's bot, or its owner; 404 10002 for an application nobody here knows of, 403 50013
     * for anyone else (a bot of another application, another user).
     */
    private Mono<Void> authorized(Snowflake applicationId, Principal me) {
        if (me.isBot()) {
            return applicationId.equals(me.applicationId()) ? Mono.empty() : Mono.error(ApiErrors.missingPermissions());
        }
        return owners.ownerOf(applicationId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)))
                .flatMap(
                        owner -> owner.equals(me.userId()) ? Mono.empty() : Mono.error(ApiErrors.missingPermissions()));
    }

    private Mono<EmojiRow> existing(Snowflake applicationId, Snowflake emojiId) {
        return store.findInApplication(applicationId, emojiId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)));
    }

    private static ApiException nameTaken() {
        return new Violations()
                .add("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken.")
                .toException();
    }
}
