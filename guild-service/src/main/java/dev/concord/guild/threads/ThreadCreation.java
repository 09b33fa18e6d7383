package dev.concord.guild.threads;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.ChannelType;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Starts threads: in a text channel (public or private, from a message or without one), in an
 * announcement channel (announcement threads), and posts in a forum or media channel. Who may, which type
 * each channel takes and the forum's tag rules are the platform's.
 */
@Service
final class ThreadCreation {

    private final ThreadStore threads;
    private final ChannelStore channels;
    private final ChannelAccesses channelAccesses;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    ThreadCreation(
            ThreadStore threads,
            ChannelStore channels,
            ChannelAccesses channelAccesses,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.threads = threads;
        this.channels = channels;
        this.channelAccesses = channelAccesses;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * The parent as the starter acts in it: a member's permissions there, or for a webhook none at all
     * (webhook-service has checked the webhook's token, and a webhook posts only in its own channel).
     */
    private record Starter(ChannelData parent, @Nullable ChannelAccess member) {

        boolean has(Permission permission) {
            return member == null || member.has(permission);
        }

        void require(Permission permission) {
            if (!has(permission)) {
                throw ApiErrors.missingPermissions();
            }
        }
    }

    Mono<ThreadData> create(Snowflake parentId, ThreadCreateRequest request) {
        Mono<Starter> starter = request.userId().isPresent()
                ? channelAccesses
                        .load(parentId, request.userId().get(), true)
                        .map(access -> new Starter(access.requireVisible().channel(), access))
                : channels.find(parentId).map(parent -> new Starter(parent, null));
        Mono<ThreadData> created = starter.switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .onErrorResume(ThreadCreation::isUnknownChannel, unknown -> threads.find(parentId, false)
                        .flatMap(thread -> Mono.<Starter>error(GuildErrors.wrongChannelType()))
                        .switchIfEmpty(Mono.error(unknown)))
                .flatMap(found -> insert(found, request));
        return transactions.transactional(created);
    }

    /** A parent that is no channel may be a thread, where no thread starts; anything else stays unknown. */
    private static boolean isUnknownChannel(Throwable failure) {
        return failure instanceof ApiException api && api.code() == Unknown.CHANNEL.code();
    }

    private Mono<ThreadData> insert(Starter starter, ThreadCreateRequest request) {
        ChannelData parent = starter.parent();
        int type = type(parent, request);
        require(starter, type, request);
        boolean forum = isForum(parent);
        List<Snowflake> tags =
                forum ? ForumPostTags.check(parent, request.tags(), starter.has(Permission.MANAGE_THREADS)) : List.of();
        Snowflake id = request.messageId().isPresent()
                ? request.messageId().get()
                : request.id().isPresent() ? request.id().get() : ids.next();
        Integer slowmode = Possible.valueOrNull(request.rateLimitPerUser());
        Integer duration = Possible.valueOrNull(request.autoArchiveDuration());
        Boolean invitable = Possible.valueOrNull(request.invitable());
        NewThread thread = new NewThread(
                id,
                parent.guildId(),
                parent.id(),
                type,
                request.name().get().strip(),
                request.starter(),
                slowmode != null
                        ? slowmode
                        : forum ? parent.defaultThreadRateLimitPerUser().orElse(0) : 0,
                tags,
                duration != null ? duration : ThreadTypes.DEFAULT_AUTO_ARCHIVE_DURATION,
                type == ThreadTypes.PRIVATE ? invitable == null || invitable : null);
        Instant now = clock.instant();
        List<Snowflake> members = request.userId().isPresent() ? List.of(request.starter()) : List.of();
        return threads.insert(thread, now)
                .flatMap(inserted -> inserted ? Mono.<Void>empty() : Mono.error(ThreadErrors.messageHasThread()))
                .then(
                        request.userId().isPresent()
                                ? threads.addMember(id, request.starter(), now).then()
                                : Mono.empty())
                .then(threads.find(id, false))
                .flatMap(created ->
                        outbox.append(ThreadEvents.created(created, members)).thenReturn(created));
    }

    /**
     * The type the parent gives the thread: a text channel's are public or private (private unless told,
     * as the platform's v9 default; from a message always public), an announcement channel's are
     * announcement threads, a forum's posts are public; nothing else has threads (50024).
     */
    private static int type(ChannelData parent, ThreadCreateRequest request) {
        Integer asked = Possible.valueOrNull(request.type());
        boolean fromMessage = request.messageId().isPresent();
        int type;
        List<Integer> allowed;
        switch (parent.type()) {
            case ChannelType.TEXT -> {
                type = fromMessage ? ThreadTypes.PUBLIC : asked != null ? asked : ThreadTypes.PRIVATE;
                allowed = fromMessage ? List.of(ThreadTypes.PUBLIC) : List.of(ThreadTypes.PUBLIC, ThreadTypes.PRIVATE);
            }
            case ChannelType.ANNOUNCEMENT -> {
                type = ThreadTypes.ANNOUNCEMENT;
                allowed = List.of(ThreadTypes.ANNOUNCEMENT, ThreadTypes.PUBLIC);
            }
            case ChannelType.FORUM, ChannelType.MEDIA -> {
                if (fromMessage) {
                    throw GuildErrors.wrongChannelType();
                }
                type = ThreadTypes.PUBLIC;
                allowed = List.of(ThreadTypes.PUBLIC);
            }
            default -> throw GuildErrors.wrongChannelType();
        }
        if (asked != null && !allowed.contains(asked)) {
            new Violations().oneOf("type", asked, allowed).throwIfAny();
        }
        return type;
    }

    /**
     * What starting it takes: a post in a forum is a message (SEND_MESSAGES), a private thread
     * CREATE_PRIVATE_THREADS, any other CREATE_PUBLIC_THREADS, and from a message its history too.
     */
    private static void require(Starter starter, int type, ThreadCreateRequest request) {
        if (isForum(starter.parent())) {
            starter.require(Permission.SEND_MESSAGES);
        } else if (type == ThreadTypes.PRIVATE) {
            starter.require(Permission.CREATE_PRIVATE_THREADS);
        } else {
            starter.require(Permission.CREATE_PUBLIC_THREADS);
        }
        if (request.messageId().isPresent()) {
            starter.require(Permission.READ_MESSAGE_HISTORY);
        }
    }

    private static boolean isForum(ChannelData parent) {
        return ChannelType.isThreadOnly(parent.type());
    }
}
