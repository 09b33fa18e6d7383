package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.MESSAGE_POLL_VOTE_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_POLL_VOTE_REMOVE;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Polls once sent: people vote (their answers replaced at once, MESSAGE_POLL_VOTE_ADD / _REMOVE for what
 * changed), anyone who reads the channel lists an answer's voters, the author ends the poll early
 * (MESSAGE_UPDATE with its results final, and the result message).
 */
@Component
class PollService {

    private final ChannelAccess access;
    private final MessageStore messages;
    private final MessageViews views;
    private final PollVotes votes;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final RecentMessages recent;
    private final PollResults results;
    private final Clock clock;

    PollService(
            ChannelAccess access,
            MessageStore messages,
            MessageViews views,
            PollVotes votes,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            RecentMessages recent,
            PollResults results,
            Clock clock) {
        this.access = access;
        this.messages = messages;
        this.views = views;
        this.votes = votes;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.recent = recent;
        this.results = results;
        this.clock = clock;
    }

    /** Replaces the person's answers: 520001 once the poll has ended, 50035 naming answer_ids for a bad choice. */
    Mono<Void> vote(Principal person, Snowflake channelId, Snowflake messageId, PollVoteRequest request) {
        if (person.isBot()) {
            throw new ApiException(HttpStatus.FORBIDDEN, 20001, "Bots cannot use this endpoint");
        }
        List<Integer> chosen = List.copyOf(new LinkedHashSet<>(request.ids()));
        return polled(channelId, messageId, person.userId()).flatMap(found -> {
            JsonNode poll = Objects.requireNonNull(found.row().poll());
            if (PollVotes.isExpired(poll, clock.instant())) {
                throw new ApiException(HttpStatus.BAD_REQUEST, 520001, "Poll expired");
            }
            Set<Integer> offered = new LinkedHashSet<>();
            poll.path("answers")
                    .forEach(answer -> offered.add(answer.path("answer_id").asInt()));
            if (!offered.containsAll(chosen)
                    || (chosen.size() > 1 && !poll.path("allow_multiselect").asBoolean())) {
                throw new Violations()
                        .add(
                                "answer_ids",
                                "POLL_ANSWER_INVALID",
                                "Choose the poll's answers (one unless it allows more).")
                        .toException();
            }
            Mono<Void> change = votes.answersOf(messageId, person.userId())
                    .collectList()
                    .flatMap(before -> votes.replace(channelId, messageId, person.userId(), chosen)
                            .then(outbox.appendAll(events(found.in(), messageId, person.userId(), before, chosen))));
            return transactions.transactional(change);
        });
    }

    /** An answer's voters, 1-100 after an id. */
    Mono<List<PartialUser>> voters(
            Snowflake reader, Snowflake channelId, Snowflake messageId, int answerId, long after, int limit) {
        return polled(channelId, messageId, reader)
                .flatMapMany(found -> votes.voters(messageId, answerId, after, limit))
                .collectList()
                .flatMap(ids -> users.require(ids)
                        .map(found -> ids.stream().map(found::get).toList()));
    }

    /**
     * Ends the author's poll now, with its result message ({@link PollResults}): 50005 for anyone else,
     * 520001 once it has ended.
     */
    Mono<MessageData> expire(Principal author, Snowflake channelId, Snowflake messageId) {
        return polled(channelId, messageId, author.userId()).flatMap(found -> {
            if (!found.row().authorId().equals(author.userId())) {
                throw new ApiException(HttpStatus.FORBIDDEN, 50005, "Cannot edit a message authored by another user");
            }
            Mono<MessageData> ended = messages.expirePoll(channelId, messageId, clock.instant())
                    .switchIfEmpty(Mono.error(() -> new ApiException(HttpStatus.BAD_REQUEST, 520001, "Poll expired")))
                    .flatMap(results::post)
                    .flatMap(row -> views.one(row, false));
            return transactions.transactional(ended).doOnSuccess(message -> recent.forget(channelId));
        });
    }

    private record Polled(InChannel in, MessageRow row) {}

    /** The poll's message where the reader reads the channel's history; 10008 for a message without a poll. */
    private Mono<Polled> polled(Snowflake channelId, Snowflake messageId, Snowflake reader) {
        return access.load(channelId, reader)
                .map(in -> in.require(Permission.READ_MESSAGE_HISTORY))
                .flatMap(in -> messages.find(channelId, messageId)
                        .filter(row -> row.poll() != null && !row.isEphemeral())
                        .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                        .map(row -> new Polled(in, row)));
    }

    /** MESSAGE_POLL_VOTE_REMOVE for each answer taken back, then MESSAGE_POLL_VOTE_ADD for each new one. */
    private static List<DomainEvent> events(
            InChannel in, Snowflake messageId, Snowflake userId, List<Integer> before, List<Integer> after) {
        List<DomainEvent> events = new ArrayList<>();
        for (Integer answer : before) {
            if (!after.contains(answer)) {
                events.add(vote(MESSAGE_POLL_VOTE_REMOVE, in, messageId, userId, answer));
            }
        }
        for (Integer answer : after) {
            if (!before.contains(answer)) {
                events.add(vote(MESSAGE_POLL_VOTE_ADD, in, messageId, userId, answer));
            }
        }
        return events;
    }

    private static DomainEvent vote(String type, InChannel in, Snowflake messageId, Snowflake userId, int answer) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("user_id", userId);
        data.put("channel_id", in.place().id());
        data.put("message_id", messageId);
        if (in.guildId() != null) {
            data.put("guild_id", in.guildId());
        }
        data.put("answer_id", answer);
        Snowflake guildId = in.guildId();
        Audience audience = guildId == null
                ? Audience.users(in.place().recipientIds())
                : Audience.channel(guildId, in.place().id());
        return new DomainEvent(type, in.place().id().asString(), audience, data);
    }
}
