package dev.concord.remoteauth.application;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.RedisRevocations;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.secret.Secrets;
import dev.concord.remoteauth.user.UserEvents;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Applications and their bots. A change and its event commit together; the owner is the only person who
 * reads the full object or changes anything, the bot reads and changes its own application.
 */
@Service
class ApplicationService {

    private final ApplicationStore applications;
    private final ApplicationChanges changes;
    private final UserStore users;
    private final BotAccounts bots;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final RedisRevocations revocations;
    private final TokenIssuer tokens;
    private final ClientSecrets clientSecrets;
    private final Secrets secrets;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    ApplicationService(
            ApplicationStore applications,
            ApplicationChanges changes,
            UserStore users,
            BotAccounts bots,
            Outbox outbox,
            TransactionalOperator transactions,
            RedisRevocations revocations,
            TokenIssuer tokens,
            ClientSecrets clientSecrets,
            Secrets secrets,
            SnowflakeGenerator ids,
            Clock clock) {
        this.applications = applications;
        this.changes = changes;
        this.users = users;
        this.bots = bots;
        this.outbox = outbox;
        this.transactions = transactions;
        this.revocations = revocations;
        this.tokens = tokens;
        this.clientSecrets = clientSecrets;
        this.secrets = secrets;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<ApplicationObject> create(Principal me, CreateApplicationRequest request) {
        Mono<ApplicationObject> write = applications
                .insert(
                        ids.next(),
                        me.userId(),
                        request.name().get().strip(),
                        request.description().orElse(""),
                        InteractionKeys.generate(secrets.random()),
                        request.redirectUris().orElse(List.of()),
                        request.botPublic().orElse(true),
                        request.botRequireCodeGrant().orElse(false))
                .flatMap(this::full)
                .flatMap(created ->
                        outbox.append(ApplicationEvents.created(created)).thenReturn(created));
        return transactions.transactional(write);
    }

    /** The caller's own applications, oldest first; owners and bots read in one statement each. */
    Mono<List<ApplicationObject>> mine(Principal me) {
        return applications.findByOwner(me.userId()).collectList().flatMap(rows -> {
            List<Snowflake> people = rows.stream()
                    .flatMap(row -> row.botUserId() == null
                            ? Stream.of(row.ownerId())
                            : Stream.of(row.ownerId(), row.botUserId()))
                    .distinct()
                    .toList();
            if (people.isEmpty()) {
                return Mono.just(List.<ApplicationObject>of());
            }
            return users.findAll(people)
                    .collectMap(UserRow::id, UserRow::partialUser)
                    .map(partials -> rows.stream()
                            .map(row -> ApplicationObject.of(
                                    row, Objects.requireNonNull(partials.get(row.ownerId())), botOf(row, partials)))
                            .toList());
        });
    }

    /** The application, for its owner. */
    Mono<ApplicationObject> get(Principal me, String id) {
        return owned(me, id).flatMap(this::full);
    }

    /** The bot's own application ({@code /applications/@me}, {@code /oauth2/applications/@me}). */
    Mono<ApplicationObject> ofBot(Principal bot) {
        return botApplication(bot).flatMap(this::full);
    }

    /** What anyone may read of an application. */
    Mono<PartialApplication> partial(String id) {
        return find(id).flatMap(row -> row.botUserId() == null
                ? Mono.just(PartialApplication.of(row, null))
                : users.find(row.botUserId()).map(bot -> PartialApplication.of(row, bot.partialUser())));
    }

    Mono<ApplicationObject> modify(Principal me, String id, ModifyApplicationRequest request) {
        return owned(me, id).flatMap(current -> apply(current, request));
    }

    Mono<ApplicationObject> modifyOfBot(Principal bot, ModifyApplicationRequest request) {
        return botApplication(bot).flatMap(current -> apply(current, request));
    }

    /** Deletes the application; its bot's tokens stop working at once. */
    Mono<Void> delete(Principal me, String id) {
        return owned(me, id).flatMap(current -> transactions
                .transactional(
                        applications.delete(current.id()).then(outbox.append(ApplicationEvents.deleted(current))))
                .then(
                        current.botUserId() == null
                                ? Mono.empty()
                                : revocations.revokeIssuedBefore(current.botUserId(), clock.instant())));
    }

    /** Gives the application its bot user; answers the bot's first token. */
    Mono<Map<String, String>> createBot(Principal me, String id) {
        return owned(me, id).flatMap(current -> {
            if (current.botUserId() != null) {
                return Mono.error(new Violations()
                        .add(null, "APPLICATION_BOT_ALREADY_EXISTS", "This application already has a bot.")
                        .toException());
            }
            Mono<String> write = bots.create(current.name()).flatMap(bot -> applications
                    .attachBot(current.id(), bot.id())
                    .switchIfEmpty(Mono.error(() -> new Violations()
                            .add(null, "APPLICATION_BOT_ALREADY_EXISTS", "This application already has a bot.")
                            .toException()))
                    .flatMap(this::full)
                    .flatMap(updated ->
                            outbox.appendAll(List.of(UserEvents.created(bot), ApplicationEvents.updated(updated))))
                    .thenReturn(botToken(bot.id(), current.id())));
            return transactions.transactional(write).map(token -> Map.of("token", token));
        });
    }

    /** A new token for the bot; every earlier one stops working. */
    Mono<Map<String, String>> resetBotToken(Principal me, String id) {
        return owned(me, id).flatMap(current -> {
            Snowflake bot = current.botUserId();
            if (bot == null) {
                return Mono.error(ApiErrors.unknown(Unknown.USER));
            }
            return revocations
                    .revokeIssuedBefore(bot, clock.instant())
                    .then(Mono.fromSupplier(() -> Map.of("token", botToken(bot, current.id()))));
        });
    }

    /** A new client secret, shown this once; the earlier one stops working. */
    Mono<Map<String, String>> resetSecret(Principal me, String id) {
        return owned(me, id).flatMap(current -> {
            ClientSecrets.Issued issued = clientSecrets.issue();
            return applications
                    .setSecretDigest(current.id(), issued.digest())
                    .thenReturn(Map.of("secret", issued.secret()));
        });
    }

    /** Checks first (outside the transaction), then writes the change and its event together. */
    private Mono<ApplicationObject> apply(ApplicationRow current, ModifyApplicationRequest request) {
        Mono<ApplicationObject> write = Mono.defer(() -> changes.apply(current, request))
                .flatMap(updated -> updated == current
                        ? full(current)
                        : full(updated).flatMap(object -> outbox.append(ApplicationEvents.updated(object))
                                .thenReturn(object)));
        return changes.check(current, request).then(transactions.transactional(write));
    }

    private String botToken(Snowflake bot, Snowflake application) {
        return tokens.issue(bot, TokenKind.BOT, application, Set.of()).token();
    }

    /** The application with its owner and bot as partial users. */
    private Mono<ApplicationObject> full(ApplicationRow row) {
        List<Snowflake> people =
                row.botUserId() == null ? List.of(row.ownerId()) : List.of(row.ownerId(), row.botUserId());
        return users.findAll(people)
                .collectMap(UserRow::id, UserRow::partialUser)
                .map(partials -> ApplicationObject.of(
                        row,
                        Objects.requireNonNull(partials.get(row.ownerId()), "an application's owner exists"),
                        botOf(row, partials)));
    }

    private static @Nullable PartialUser botOf(ApplicationRow row, Map<Snowflake, PartialUser> partials) {
        return row.botUserId() == null ? null : partials.get(row.botUserId());
    }

    /** The application of {@code id}; 404 when there is none, 403 when it is someone else's. */
    private Mono<ApplicationRow> owned(Principal me, String id) {
        return find(id).flatMap(row ->
                row.ownerId().equals(me.userId()) ? Mono.just(row) : Mono.error(ApiErrors::missingAccess));
    }

    private Mono<ApplicationRow> find(String id) {
        Snowflake applicationId;
        try {
            applicationId = Snowflake.parse(id);
        } catch (NumberFormatException e) {
            return Mono.error(ApiErrors.unknown(Unknown.APPLICATION));
        }
        return applications.find(applicationId).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)));
    }

    private Mono<ApplicationRow> botApplication(Principal bot) {
        return applications
                .findByBot(bot.userId())
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)));
    }
}
