package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import dev.concord.webhook.webhooks.ExecutableWebhooks;
import dev.concord.webhook.webhooks.ExecutableWebhooks.Webhook;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * A webhook's messages, with its token alone: executing it (JSON, or multipart with files) and reading,
 * editing and deleting what it sent. The message is the webhook's: its author is the webhook, showing
 * the name and avatar of the execution.
 */
@Component
final class WebhookMessageHandler {

    /** Forum and media channels take posts only as threads. */
    private static final Set<Integer> THREAD_ONLY = Set.of(15, 16);

    /** The header naming a GitHub delivery's event. */
    static final String GITHUB_EVENT = "X-GitHub-Event";

    private final ExecutableWebhooks webhooks;
    private final ChannelAccess access;
    private final MessageService messages;
    private final Attachments attachments;
    private final SnowflakeGenerator ids;

    WebhookMessageHandler(
            ExecutableWebhooks webhooks,
            ChannelAccess access,
            MessageService messages,
            Attachments attachments,
            SnowflakeGenerator ids) {
        this.webhooks = webhooks;
        this.access = access;
        this.messages = messages;
        this.attachments = attachments;
        this.ids = ids;
    }

    /** Posts the message: 204, or with {@code wait=true} the message as saved. */
    Mono<ServerResponse> execute(ServerRequest request) {
        boolean wait = QueryParams.flag(request, "wait");
        return posting(request).flatMap(posting -> {
            // A forum's execution is a new post (or 220001): its files go where its thread will be.
            Snowflake channelId = posting.postId() != null
                    ? posting.postId()
                    : posting.in().place().id();
            Mono<MessageData> sent = MultipartMessage.isMultipart(request)
                    ? MultipartMessage.read(
                                    request,
                                    channelId,
                                    attachments,
                                    ids,
                                    WebhookExecuteRequest.class,
                                    () -> WebhookExecuteRequest.EMPTY)
                            .flatMap(parsed -> send(posting, parsed.body(), parsed.uploads())
                                    .onErrorResume(
                                            error -> MultipartMessage.discard(channelId, parsed.uploads(), attachments)
                                                    .then(Mono.error(error))))
                    : JsonBodies.checked(request, WebhookExecuteRequest.class)
                            .flatMap(body -> send(posting, body, List.of()));
            return sent.flatMap(message -> wait
                    ? ServerResponse.ok().bodyValue(message)
                    : ServerResponse.noContent().build());
        });
    }

    /**
     * Slack-compatible execution ({@link SlackMessages}): a JSON body, or a form whose {@code payload} is
     * one, as Slack's incoming webhooks take either. Answered as Slack answers, {@code ok}, once the
     * message is saved ({@code wait} changes nothing here: the platform answers this route with a string,
     * never the message).
     */
    Mono<ServerResponse> executeSlack(ServerRequest request) {
        // Read only to refuse a malformed value (50035), as the route takes the parameter.
        QueryParams.flag(request, "wait");
        return posting(request).map(Posting::requireUnthreaded).flatMap(posting -> jsonOrForm(
                        request, SlackPayload.class)
                .map(payload -> Violations.check(SlackMessages.toExecution(payload)))
                .flatMap(body -> send(posting, body, List.of()))
                .flatMap(message ->
                        ServerResponse.ok().contentType(MediaType.TEXT_PLAIN).bodyValue("ok")));
    }

    /**
     * The execution's message, posted as the webhook: components only from an application's webhook. In a
     * forum or media channel it starts a post: {@code thread_name} (and {@code applied_tags}) make the thread
     * (guild-service's rules), whose first message it is, with the thread's id; without a name 220001.
     */
    private Mono<MessageData> send(Posting posting, WebhookExecuteRequest body, List<Upload> uploads) {
        Webhook webhook = posting.webhook();
        Components.requireApplication(webhook.applicationId() != null, body.components());
        Snowflake postId = posting.postId();
        if (postId == null) {
            if (body.threadName() != null) {
                throw new Violations()
                        .add(
                                "thread_name",
                                "THREAD_NAME_INVALID",
                                "Only a forum or media channel's webhook starts a post.")
                        .toException();
            }
            return messages.sendAsWebhook(
                    posting.in(), author(webhook, body), webhook.applicationId(), body.message(), uploads);
        }
        String name = body.threadName();
        if (name == null) {
            throw forumNeedsThread();
        }
        MessageService.requireSomething(body.message(), uploads);
        Map<String, Object> thread = new LinkedHashMap<>();
        thread.put("webhook_id", webhook.id().asString());
        thread.put("id", postId.asString());
        thread.put("name", name);
        if (body.appliedTags() != null) {
            thread.put(
                    "applied_tags",
                    body.appliedTags().stream().map(Snowflake::asString).toList());
        }
        return access.startThread(posting.in().place().id(), thread)
                .then(access.asWebhook(postId, webhook.id()))
                .flatMap(in -> messages.sendAsWebhook(
                        postId, in, author(webhook, body), webhook.applicationId(), body.message(), uploads));
    }

    /**
     * GitHub-compatible execution ({@link GithubMessages}), the payload URL of a repository's webhook: the
     * delivery as JSON or as a form whose {@code payload} is JSON (GitHub's two content types), the event
     * named by {@code X-GitHub-Event} (400 without it). An event or action the platform does not show
     * ({@code ping} among them) posts nothing. Answered 204 either way, as the platform answers this route
     * ({@code wait} is read only to refuse a malformed value: its only answer here is 204).
     */
    Mono<ServerResponse> executeGithub(ServerRequest request) {
        QueryParams.flag(request, "wait");
        return posting(request).map(Posting::requireUnthreaded).flatMap(posting -> jsonOrForm(
                        request, GithubPayload.class)
                .flatMap(payload -> {
                    WebhookExecuteRequest body = GithubMessages.toExecution(githubEvent(request), payload);
                    return body == null ? Mono.<MessageData>empty() : send(posting, Violations.check(body), List.of());
                })
                .then(ServerResponse.noContent().build()));
    }

    /** The delivery's event, as GitHub names it in its header; 50035 naming the header when it is missing. */
    private static String githubEvent(ServerRequest request) {
        String event = request.headers().firstHeader(GITHUB_EVENT);
        if (event == null || event.isBlank()) {
            throw new Violations().required(GITHUB_EVENT, null).toException();
        }
        return event.strip();
    }

    /** A JSON body, or a form whose {@code payload} field holds it (as Slack's and GitHub's senders may post). */
    private static <T extends Violations.Validatable> Mono<T> jsonOrForm(ServerRequest request, Class<T> type) {
        boolean form = request.headers()
                .contentType()
                .map(MediaType.APPLICATION_FORM_URLENCODED::isCompatibleWith)
                .orElse(false);
        if (!form) {
            return JsonBodies.checked(request, type);
        }
        return FormPayload.read(request, type);
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Snowflake messageId = PathIds.snowflake(request, "message_id");
        return posting(request)
                .flatMap(posting -> messages.get(posting.in(), messageId))
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> edit(ServerRequest request) {
        Snowflake messageId = PathIds.snowflake(request, "message_id");
        return posting(request)
                .flatMap(posting ->
                        EditRequests.read(request, posting.in().place().id(), attachments, ids, (body, uploads) -> {
                            Components.requireApplication(
                                    posting.webhook().applicationId() != null, Possible.valueOrNull(body.components()));
                            return messages.edit(posting.in(), messageId, body, uploads);
                        }))
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Snowflake messageId = PathIds.snowflake(request, "message_id");
        return posting(request)
                .flatMap(posting -> messages.delete(posting.in(), messageId))
                .then(ServerResponse.noContent().build());
    }

    /** 400 220001 in a forum or media channel, which takes posts only as threads. */
    private static ApiException forumNeedsThread() {
        return new ApiException(
                HttpStatus.BAD_REQUEST,
                220001,
                "Webhooks posted to forum channels must have a thread_name or thread_id");
    }

    /**
     * The webhook of the path's token, in the channel or thread it posts to; {@code postId}, in a forum or
     * media channel without {@code thread_id}, the id of the post the execution starts.
     */
    private record Posting(
            Webhook webhook, InChannel in, @Nullable Snowflake postId) {

        /** 220001 unless the execution posts into a thread, new or named, or a channel that is no forum. */
        Posting requireUnthreaded() {
            if (postId != null) {
                throw forumNeedsThread();
            }
            return this;
        }
    }

    /**
     * The webhook whose token the path carries (10015, 50027) in its channel, or with {@code thread_id} in
     * that thread of its channel (10003 for any other).
     */
    private Mono<Posting> posting(ServerRequest request) {
        Snowflake webhookId = PathIds.snowflake(request, "webhook_id");
        String token = request.pathVariable("webhook_token");
        @Nullable Snowflake threadId = QueryParams.snowflake(request, "thread_id");
        return webhooks.withToken(webhookId, token).flatMap(webhook -> {
            if (threadId != null) {
                return access.asWebhookInThread(webhook.channelId(), threadId, webhook.id())
                        .map(in -> new Posting(webhook, in, null));
            }
            return access.asWebhook(webhook.channelId(), webhook.id())
                    .map(in -> new Posting(
                            webhook, in, THREAD_ONLY.contains(in.place().type()) ? ids.next() : null));
        });
    }

    /**
     * The name and avatar the message shows: the execution's {@code username}, else the webhook's name; the
     * webhook's avatar, or for an {@code avatar_url} a hash of that URL (as the platform shows an avatar it
     * fetched from elsewhere: a hash, not the URL).
     */
    static MessageRow.WebhookAuthor author(Webhook webhook, WebhookExecuteRequest body) {
        String name = body.username() == null ? webhook.name() : body.username();
        String avatarUrl = body.avatarUrl();
        return new MessageRow.WebhookAuthor(name, avatarUrl == null ? webhook.avatar() : urlHash(avatarUrl));
    }

    private static String urlHash(String url) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
