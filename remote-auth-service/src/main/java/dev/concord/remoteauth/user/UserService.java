package dev.concord.remoteauth.user;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.RedisRevocations;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import dev.concord.platform.web.image.Image;
import dev.concord.remoteauth.image.ImageStore;
import dev.concord.remoteauth.password.Passwords;
import dev.concord.remoteauth.store.ColumnChanges;
import java.time.Clock;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Reading and changing users. A change, its images and its {@code USER_UPDATE} commit together. */
@Service
class UserService {

    private final UserStore users;
    private final ImageStore images;
    private final Passwords passwords;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final RedisRevocations revocations;
    private final TokenIssuer tokens;
    private final Clock clock;

    public UserService(
            UserStore users,
            ImageStore images,
            Passwords passwords,
            Outbox outbox,
            TransactionalOperator transactions,
            RedisRevocations revocations,
            TokenIssuer tokens,
            Clock clock) {
        this.users = users;
        this.images = images;
        this.passwords = passwords;
        this.outbox = outbox;
        this.transactions = transactions;
        this.revocations = revocations;
        this.tokens = tokens;
        this.clock = clock;
    }

    /** The caller's own user; 401 when the account behind a still-valid token is gone. */
    public Mono<UserRow> me(Principal me) {
        return users.find(me.userId()).switchIfEmpty(Mono.error(ApiErrors::unauthorized));
    }

    public Mono<PartialUser> partial(String id) {
        Snowflake userId;
        try {
            userId = Snowflake.parse(id);
        } catch (NumberFormatException e) {
            return Mono.error(ApiErrors.unknown(Unknown.USER));
        }
        return users.find(userId)
                .map(UserRow::partialUser)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)));
    }

    public Mono<ModifiedUser> modify(Principal me, ModifyCurrentUserRequest request) {
        return me(me).flatMap(current -> checkPassword(current, request)
                .then(hashNewPassword(request))
                .flatMap(newHash -> apply(current, request, newHash.orElse(null))
                        .flatMap(updated -> newHash.isPresent()
                                ? signOutEverywhere(updated)
                                : Mono.just(new ModifiedUser(UserObject.of(updated, true), null)))));
    }

    private Mono<Void> checkPassword(UserRow current, ModifyCurrentUserRequest request) {
        if (!request.needsPassword(current)) {
            return Mono.empty();
        }
        if (!request.password().isPresent()) {
            return Mono.fromRunnable(
                    () -> new Violations().required("password", null).throwIfAny());
        }
        return passwords
                .verify(request.password().get(), current.passwordHash())
                .flatMap(matches -> matches
                        ? Mono.<Void>empty()
                        : Mono.fromRunnable(() -> new Violations()
                                .add("password", "PASSWORD_DOES_NOT_MATCH", "Password does not match.")
                                .throwIfAny()));
    }

    private Mono<Optional<String>> hashNewPassword(ModifyCurrentUserRequest request) {
        return request.newPassword().isPresent()
                ? passwords.hash(request.newPassword().get()).map(Optional::of)
                : Mono.just(Optional.empty());
    }

    /** Writes what differs from {@code current}; no write and no event when nothing does. */
    private Mono<UserRow> apply(UserRow current, ModifyCurrentUserRequest request, @Nullable String newPasswordHash) {
        Optional<Image> avatar = decode(Possible.valueOrNull(request.avatar()));
        Optional<Image> banner = decode(Possible.valueOrNull(request.banner()));
        String avatarHash =
                request.avatar().isPresent() ? avatar.map(Image::hash).orElse(null) : current.avatar();
        String bannerHash =
                request.banner().isPresent() ? banner.map(Image::hash).orElse(null) : current.banner();
        // The platform's bio is a string, empty when unset: null clears it to "".
        String bio = request.bio().isPresent() ? request.bio().get().orElse("") : current.bio();
        ColumnChanges changes = new ColumnChanges()
                .set("username", request.username().orElse(current.username()), current.username(), String.class)
                .set(
                        "global_name",
                        Possible.patch(request.globalName(), current.globalName()),
                        current.globalName(),
                        String.class)
                .set("avatar", avatarHash, current.avatar(), String.class)
                .set("banner", bannerHash, current.banner(), String.class)
                .set(
                        "accent_color",
                        Possible.patch(request.accentColor(), current.accentColor()),
                        current.accentColor(),
                        Integer.class)
                .set("bio", bio, current.bio(), String.class)
                .set(
                        "password_hash",
                        newPasswordHash != null ? newPasswordHash : current.passwordHash(),
                        current.passwordHash(),
                        String.class);
        if (changes.isEmpty()) {
            return Mono.just(current);
        }
        Mono<UserRow> write = storeImage(
                        current.id(), ImageStore.Kind.AVATAR, request.avatar().isPresent(), avatar)
                .then(storeImage(
                        current.id(), ImageStore.Kind.BANNER, request.banner().isPresent(), banner))
                .then(users.update(current.id(), changes))
                .flatMap(updated ->
                        outbox.appendAll(UserEvents.changed(current, updated)).thenReturn(updated));
        return transactions
                .transactional(write)
                .onErrorResume(DataIntegrityViolationException.class, UniqueFields::translate);
    }

    private Mono<Void> storeImage(Snowflake userId, ImageStore.Kind kind, boolean sent, Optional<Image> image) {
        if (!sent) {
            return Mono.empty();
        }
        return image.isPresent() ? images.put(userId, kind, image.get()).then() : images.remove(userId, kind);
    }

    /** After a password change: every earlier token stops working, and the client gets a new one. */
    private Mono<ModifiedUser> signOutEverywhere(UserRow updated) {
        return revocations
                .revokeIssuedBefore(updated.id(), clock.instant())
                .then(Mono.fromSupplier(() -> new ModifiedUser(
                        UserObject.of(updated, true),
                        tokens.issueUserToken(updated.id()).token())));
    }

    private static Optional<Image> decode(@Nullable String dataUri) {
        return dataUri == null ? Optional.empty() : Optional.of(DataUriImage.decode(dataUri));
    }
}
