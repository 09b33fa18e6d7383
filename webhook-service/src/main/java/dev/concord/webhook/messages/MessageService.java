package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.webhook.attachments.Attachments;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Sending, reading, editing and deleting a guild channel's messages with the platform's permissions:
 * VIEW_CHANNEL to see the channel at all, SEND_MESSAGES to send (EMBED_LINKS for embeds, SEND_TTS_MESSAGES
 * for tts), READ_MESSAGE_HISTORY to read or reply, the author alone to edit, the author or MANAGE_MESSAGES
 * to delete. Each change and its event commit together.
 */
@Service
final class MessageService {

    private static final int GROUP_DM = 3;

    /** How long a nonce given with enforce_nonce answers with the message it first made. */
    static final Duration NONCE_WINDOW = Duration.ofMinutes(5);
    /** Bulk delete only takes messages younger than this. */
    static final Duration BULK_DELETE_AGE = Duration.ofDays(14);

    private final ChannelAccess access;
    private final Attachments attachments;
    private final DirectMessageGate gate;
    private final MessageStore store;
    private final RecentMessages recent;
    private final MessageViews views;
    private final MessageComposer composer;
    private final MessageRules rules;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    MessageService(
            ChannelAccess access,
            Attachments attachments,
            DirectMessageGate gate,
            MessageStore store,
            RecentMessages recent,
            MessageViews views,
            MessageComposer composer,
            MessageRules rules,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.access = access;
        this.attachments = attachments;
        this.gate = gate;
        this.store = store;
        this.recent = recent;
        this.views = views;
        this.composer = composer;
        this.rules = rules;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * Sends a message with the files already stored for it: 50006 when there is nothing to send; with
     * enforce_nonce, a repeat gets the first.
     */
    Mono<MessageData> send(Snowflake channelId, Principal author, MessageCreateRequest request, List<Upload> uploads) {
        requireSomething(request, uploads);
        Components.requireApplication(author.isBot(), request.components());
        return access.load(channelId, author.userId()).flatMap(in -> {
            if (!uploads.isEmpty()) {
                in.require(Permission.ATTACH_FILES);
            }
            return directMessageAllowed(in, author)
                    .then(Mono.defer(
                            () -> sendIn(in, author.isBot() ? author.applicationId() : null, request, uploads)));
        });
    }

    /**
     * A forum post's first message, by the member starting it, with its thread's id. Checked as a message
     * in the forum (SEND_MESSAGES there is what posting takes, so a member without SEND_MESSAGES_IN_THREADS
     * still posts), then {@code thread} is started and the message stored in it.
     */
    Mono<MessageData> sendPostStarter(
            Snowflake postId,
            InChannel forum,
            Principal author,
            MessageCreateRequest request,
            List<Upload> uploads,
            Mono<ChannelPlace> thread) {
        requireSomething(request, uploads);
        Components.requireApplication(author.isBot(), request.components());
        forum.require(Permission.SEND_MESSAGES);
        if (request.hasEmbeds()) {
            forum.require(Permission.EMBED_LINKS);
        }
        if (!uploads.isEmpty()) {
            forum.require(Permission.ATTACH_FILES);
        }
        return thread.flatMap(place -> create(
                postId,
                new InChannel(place, author.userId(), forum.permissions()),
                author.isBot() ? author.applicationId() : null,
                request,
                uploads));
    }

    /** A system message the platform posts (its author and content decided by the caller), with its MESSAGE_CREATE. */
    Mono<MessageData> postSystemMessage(InChannel in, MessageRow message) {
        return store(in, message);
    }

    /** Before any file of a message is stored: 403 unless the author may send files in the channel. */
    Mono<Void> requireMayUpload(Snowflake channelId, Snowflake authorId) {
        return access.load(channelId, authorId)
                .doOnNext(in -> in.requireText().require(Permission.SEND_MESSAGES, Permission.ATTACH_FILES))
                .then();
    }

    /**
     * In a DM, whether its other recipient takes messages from the author (50007 when not). A group DM's
     * recipients were put there by friends and may all write to it, blocks notwithstanding: the platform's
     * clients hide a blocked user's messages there, they are still sent.
     */
    private Mono<Void> directMessageAllowed(InChannel in, Principal author) {
        if (!in.isDirect() || in.place().type() == GROUP_DM) {
            return Mono.empty();
        }
        return Flux.fromIterable(in.place().recipientIds())
                .filter(recipient -> !recipient.equals(author.userId()))
                .concatMap(recipient -> gate.check(author.userId(), recipient, author.isBot()))
                .then();
    }

    /**
     * Once a DM's message is known to be sent (checked and composed): the DM comes back to a recipient who
     * had closed it, before the message reaches them. A refused message leaves it closed.
     */
    private Mono<Void> reopenIfClosed(InChannel in) {
        return in.isDirect() && in.place().type() != GROUP_DM ? access.reopen(in) : Mono.empty();
    }

    private Mono<MessageData> sendIn(
            InChannel in, @Nullable Snowflake applicationId, MessageCreateRequest request, List<Upload> uploads) {
        Snowflake channelId = in.place().id();
        Snowflake authorId = in.userId();
        in.requireText().require(Permission.SEND_MESSAGES);
        if (request.hasEmbeds()) {
            in.require(Permission.EMBED_LINKS);
        }
        if (request.messageReference() != null) {
            in.require(Permission.READ_MESSAGE_HISTORY);
        }
        String nonce = request.nonceText();
        if (!Boolean.TRUE.equals(request.enforceNonce()) || nonce == null) {
            // One statement writes the message and its event: no transaction of its own to open and commit.
            return create(in, applicationId, request, uploads);
        }
        Mono<MessageData> send = store.lockNonce(authorId, nonce)
                .then(store.findByNonce(
                        channelId,
                        authorId,
                        nonce,
                        Snowflake.firstAt(clock.instant().minus(NONCE_WINDOW))))
                .flatMap(earlier -> views.one(earlier, true))
                .switchIfEmpty(Mono.defer(() -> create(in, applicationId, request, uploads)));
        // Forgotten again once committed: a page read between the two would not show the message.
        return transactions.transactional(send).doOnSuccess(sent -> recent.forget(channelId));
    }

    /**
     * The message rendered as it will be stored, then stored with its MESSAGE_CREATE in one statement; a
     * bot's is its application's.
     */
    private Mono<MessageData> create(
            InChannel in, @Nullable Snowflake applicationId, MessageCreateRequest request, List<Upload> uploads) {
        return create(ids.next(), in, applicationId, request, uploads);
    }

    private Mono<MessageData> create(
            Snowflake messageId,
            InChannel in,
            @Nullable Snowflake applicationId,
            MessageCreateRequest request,
            List<Upload> uploads) {
        return composer.compose(messageId, in, request, uploads)
                .map(composed -> composed.ofApplication(applicationId, null))
                .flatMap(composed -> reopenIfClosed(in).then(Mono.defer(() -> store(in, composed))));
    }

    /**
     * A webhook's message in the channel it posts to, with the files already stored for it, showing the
     * name and avatar given: 50006 when there is nothing to send.
     */
    Mono<MessageData> sendAsWebhook(
            InChannel in,
            MessageRow.WebhookAuthor author,
            @Nullable Snowflake applicationId,
            MessageCreateRequest request,
            List<Upload> uploads) {
        return sendAsWebhook(ids.next(), in, author, applicationId, request, uploads);
    }

    /** As above, with the message's id chosen already: a forum post's starter message has its thread's. */
    Mono<MessageData> sendAsWebhook(
            Snowflake messageId,
            InChannel in,
            MessageRow.WebhookAuthor author,
            @Nullable Snowflake applicationId,
            MessageCreateRequest request,
            List<Upload> uploads) {
        requireSomething(request, uploads);
        in.requireText();
        return composer.compose(messageId, in, request, uploads)
                .flatMap(composed ->
                        store(in, composed.sentBy(in.userId(), author).ofApplication(applicationId, null)));
    }

    /**
     * An interaction's response or follow-up, in the channel where the interaction happened (as the
     * application's webhook there): authored as {@code answer} says, and only to the person who interacted
     * when ephemeral. A deferred response's placeholder ({@code loading}) may be empty.
     */
    Mono<MessageData> sendAsInteraction(
            Snowflake messageId,
            InChannel in,
            MessageRow.InteractionAnswer answer,
            MessageCreateRequest request,
            List<Upload> uploads,
            boolean loading) {
        if (!loading) {
            requireSomething(request, uploads);
        }
        in.requireText();
        return composer.compose(messageId, in, request, uploads)
                .map(composed -> composed.answering(answer, loading))
                .flatMap(composed -> store(in, composed, composed.isEphemeral() ? answer.userId() : null));
    }

    /** 400 50006 for a message with nothing to show. */
    static void requireSomething(MessageCreateRequest request, List<Upload> uploads) {
        if (request.isEmpty(uploads.size())) {
            throw new ApiException(HttpStatus.BAD_REQUEST, 50006, "Cannot send an empty message");
        }
    }

    private Mono<MessageData> store(InChannel in, MessageRow composed) {
        return store(in, composed, null);
    }

    /**
     * Stores the message with its MESSAGE_CREATE, to the channel's readers or only to {@code onlyTo}, once its
     * guild's auto moderation rules let it through; their actions are carried out after it is stored, or
     * before it is refused.
     */
    private Mono<MessageData> store(InChannel in, MessageRow composed, @Nullable Snowflake onlyTo) {
        return rules.judge(in, composed)
                .flatMap(verdict -> verdict.blocked()
                        ? rules.enforce(verdict, in, composed, null, this::postSystemMessage)
                                .then(Mono.error(MessageRules::blockedError))
                        : storeJudged(in, composed, onlyTo).flatMap(stored -> rules.enforce(
                                        verdict, in, composed, composed.id(), this::postSystemMessage)
                                .thenReturn(stored)));
    }

    /** Stores a message its guild's rules let through, with its MESSAGE_CREATE. */
    private Mono<MessageData> storeJudged(InChannel in, MessageRow composed, @Nullable Snowflake onlyTo) {
        // An ephemeral answer is no message of the thread: it neither opens nor counts in it.
        Mono<Void> intoThread = onlyTo == null ? access.beforeMessage(in, composed.id()) : Mono.empty();
        return intoThread.then(views.one(composed, true)).flatMap(message -> access.eventMembers(in, message.mentions())
                .flatMapMany(members -> outbox.appendForEachRow(
                        store.insertion(composed),
                        onlyTo == null
                                ? MessageEvents.created(in.place(), message, members)
                                : MessageEvents.createdFor(onlyTo, in.place(), message, members)))
                .then(Mono.fromSupplier(() -> {
                    recent.forget(in.place().id());
                    return message;
                })));
    }

    /** A page of the channel's history, newest first. */
    Mono<List<MessageData>> history(Snowflake channelId, Snowflake userId, HistoryQuery query) {
        return access.load(channelId, userId).flatMap(in -> {
            if (!in.has(Permission.READ_MESSAGE_HISTORY)) {
                return Mono.just(List.<MessageData>of());
            }
            Mono<List<MessageRow>> rows = query.isNewest()
                    ? recent.newest(channelId, query.limit(), () -> store.page(channelId, HistoryQuery.NEWEST))
                    : store.page(channelId, query).collectList();
            return rows.flatMap(page -> views.page(page, false, userId));
        });
    }

    Mono<MessageData> get(Snowflake channelId, Snowflake messageId, Snowflake userId) {
        return access.load(channelId, userId)
                .map(in -> in.require(Permission.READ_MESSAGE_HISTORY))
                .flatMap(in -> existing(channelId, messageId))
                .filter(row -> !row.isEphemeral())
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                .flatMap(row -> views.one(row, false, userId));
    }

    /**
     * Edits the author's own message (50005 for anyone else's) with the files already stored for the edit;
     * MESSAGE_UPDATE with the result.
     */
    Mono<MessageData> edit(
            Snowflake channelId,
            Snowflake messageId,
            Snowflake userId,
            MessageEditRequest request,
            List<Upload> uploads) {
        return access.load(channelId, userId).flatMap(in -> edit(in, messageId, request, uploads));
    }

    /**
     * Edits one's own message where one is: a person's or bot's, or a webhook's (its messages only). The
     * files it no longer keeps go once the edit is committed.
     */
    Mono<MessageData> edit(InChannel in, Snowflake messageId, MessageEditRequest request, List<Upload> uploads) {
        return edit(
                in,
                existing(in, messageId).map(row -> {
                    if (!row.authorId().equals(in.userId())) {
                        throw new ApiException(
                                HttpStatus.FORBIDDEN, 50005, "Cannot edit a message authored by another user");
                    }
                    return row;
                }),
                request,
                uploads);
    }

    /**
     * Edits a message of the application where an interaction of it is (its bot's, its webhooks', its
     * responses): an interaction's answer may change the message its component is on.
     */
    Mono<MessageData> editOfApplication(
            InChannel in,
            Snowflake applicationId,
            Snowflake messageId,
            MessageEditRequest request,
            List<Upload> uploads) {
        return edit(in, ofApplication(in, applicationId, messageId), request, uploads);
    }

    private Mono<MessageData> edit(
            InChannel in, Mono<MessageRow> found, MessageEditRequest request, List<Upload> uploads) {
        Snowflake channelId = in.place().id();
        Mono<Edited> edit = found.flatMap(row -> {
            if (request.setsEmbeds()) {
                in.require(Permission.EMBED_LINKS);
            }
            if (!uploads.isEmpty()) {
                in.require(Permission.ATTACH_FILES);
            }
            // An edit is judged by the guild's rules as a new message is: a blocked edit leaves the message as it was.
            return composer.edit(row, in, request, uploads)
                    .flatMap(edited -> rules.judge(in, edited).flatMap(verdict -> {
                        if (verdict.blocked()) {
                            return rules.enforce(verdict, in, edited, null, this::postSystemMessage)
                                    .then(Mono.<Edited>error(MessageRules::blockedError));
                        }
                        return store.update(edited, clock.instant())
                                .flatMap(updated -> views.one(updated, false)
                                        .flatMap(message -> access.eventMembers(in, message.mentions())
                                                .flatMap(members -> outbox.append(
                                                        MessageEvents.updated(in.place(), message, members)))
                                                .thenReturn(new Edited(row, updated, message))))
                                .flatMap(
                                        done -> rules.enforce(verdict, in, edited, edited.id(), this::postSystemMessage)
                                                .thenReturn(done));
                    }));
        });
        return transactions
                .transactional(edit)
                .doOnSuccess(edited -> recent.forget(channelId))
                .flatMap(edited ->
                        attachments.deleteFiles(channelId, edited.dropped()).thenReturn(edited.message()));
    }

    /** A message's row before and after an edit, and the message as read after it. */
    private record Edited(MessageRow before, MessageRow after, MessageData message) {

        /** The attachment objects the edit let go. */
        JsonNode dropped() {
            Set<String> kept = new HashSet<>();
            after.attachments().forEach(file -> kept.add(file.path("id").asString()));
            ArrayNode gone = JsonNodeFactory.instance.arrayNode();
            before.attachments().forEach(file -> {
                if (!kept.contains(file.path("id").asString())) {
                    gone.add(file);
                }
            });
            return gone;
        }
    }

    /**
     * Deletes the author's own message, or anyone's with MANAGE_MESSAGES; MESSAGE_DELETE. Its files go once
     * the deletion is committed.
     */
    Mono<Void> delete(Snowflake channelId, Snowflake messageId, Snowflake userId) {
        return access.load(channelId, userId).flatMap(in -> delete(in, messageId));
    }

    /** Deletes a message where one is (a webhook: its own messages only). */
    Mono<Void> delete(InChannel in, Snowflake messageId) {
        return delete(in, existing(in, messageId).doOnNext(row -> {
            if (!row.authorId().equals(in.userId())) {
                in.require(Permission.MANAGE_MESSAGES);
            }
        }));
    }

    /**
     * Deletes a message as the platform does on a moderator's behalf (an alert's DELETE_USER_MESSAGE, whose
     * moderator guild-service checked), whoever wrote it; nothing when it is gone already.
     */
    Mono<Void> deleteAsPlatform(InChannel in, Snowflake messageId) {
        return delete(in, store.find(in.place().id(), messageId));
    }

    /** Deletes a message of the application, for one of its interactions (its responses and follow-ups). */
    Mono<Void> deleteOfApplication(InChannel in, Snowflake applicationId, Snowflake messageId) {
        return delete(in, ofApplication(in, applicationId, messageId));
    }

    private Mono<Void> delete(InChannel in, Mono<MessageRow> found) {
        Snowflake channelId = in.place().id();
        Mono<MessageRow> deletion = found.flatMap(row -> store.delete(channelId, row.id())
                .then(outbox.append(MessageEvents.deleted(in.place(), row.id())))
                .thenReturn(row));
        return transactions
                .transactional(deletion)
                .doOnSuccess(deleted -> recent.forget(channelId))
                .flatMap(row -> access.afterDeleted(in, List.of(row.id()))
                        .then(attachments.deleteFiles(channelId, row.attachments())));
    }

    /** A message of the application in the channel; 10008 for any other. */
    Mono<MessageData> getOfApplication(InChannel in, Snowflake applicationId, Snowflake messageId) {
        return ofApplication(in, applicationId, messageId).flatMap(row -> views.one(row, false));
    }

    private Mono<MessageRow> ofApplication(InChannel in, Snowflake applicationId, Snowflake messageId) {
        return existing(in.place().id(), messageId).map(row -> {
            if (!applicationId.equals(row.applicationId())) {
                throw ApiErrors.unknown(Unknown.MESSAGE);
            }
            return row;
        });
    }

    /** A message where one is: for a webhook, one of its own messages (10008 for any other). */
    Mono<MessageData> get(InChannel in, Snowflake messageId) {
        return existing(in, messageId).flatMap(row -> views.one(row, false));
    }

    /**
     * Deletes 2-100 messages at once with MANAGE_MESSAGES: 50034 when one is older than 14 days; ids of no
     * message of the channel are skipped. MESSAGE_DELETE_BULK with the ids deleted.
     */
    Mono<Void> bulkDelete(Snowflake channelId, Snowflake userId, BulkDeleteRequest request) {
        List<Snowflake> messageIds =
                Objects.requireNonNull(request.messages()).stream().distinct().toList();
        Snowflake oldest = Snowflake.firstAt(clock.instant().minus(BULK_DELETE_AGE));
        if (messageIds.stream().anyMatch(id -> id.compareTo(oldest) < 0)) {
            throw new ApiException(
                    HttpStatus.BAD_REQUEST, 50034, "You can only bulk delete messages that are under 14 days old.");
        }
        return access.load(channelId, userId).flatMap(in -> {
            in.require(Permission.MANAGE_MESSAGES);
            Mono<List<MessageRow>> deletion = store.deleteAll(channelId, messageIds)
                    .collectList()
                    .flatMap(deleted -> deleted.isEmpty()
                            ? Mono.just(deleted)
                            : outbox.append(MessageEvents.deletedBulk(
                                            in.place(),
                                            deleted.stream().map(MessageRow::id).toList()))
                                    .thenReturn(deleted));
            return transactions
                    .transactional(deletion)
                    .doOnSuccess(deleted -> recent.forget(channelId))
                    .flatMap(deleted -> access.afterDeleted(
                                    in, deleted.stream().map(MessageRow::id).toList())
                            .thenReturn(deleted))
                    .flatMapMany(Flux::fromIterable)
                    .concatMap(row -> attachments.deleteFiles(channelId, row.attachments()))
                    .then();
        });
    }

    private Mono<MessageRow> existing(Snowflake channelId, Snowflake messageId) {
        return store.find(channelId, messageId).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)));
    }

    /** The message in the channel; a webhook sees only its own, as the platform answers 10008 for the rest. */
    private Mono<MessageRow> existing(InChannel in, Snowflake messageId) {
        return existing(in.place().id(), messageId).map(row -> {
            if (in.webhook() && !in.userId().equals(row.webhookId())) {
                throw ApiErrors.unknown(Unknown.MESSAGE);
            }
            return row;
        });
    }
}
