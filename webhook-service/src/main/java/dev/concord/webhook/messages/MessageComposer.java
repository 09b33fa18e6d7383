package dev.concord.webhook.messages;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * What a message becomes from a request: its embeds as stored, the reply it is, and its mentions — the
 * users and roles the content names that exist and the allowed mentions let through, the author replied
 * to when allowed, and @everyone / @here only for those holding MENTION_EVERYONE.
 */
@Component
final class MessageComposer {

    private final MessageStore store;
    private final UserDirectory users;
    private final GuildAuthorization authorization;
    private final JsonMapper mapper;
    private final Attachments attachments;
    private final Clock clock;

    MessageComposer(
            MessageStore store,
            UserDirectory users,
            GuildAuthorization authorization,
            JsonMapper mapper,
            Attachments attachments,
            Clock clock) {
        this.attachments = attachments;
        this.clock = clock;
        this.store = store;
        this.users = users;
        this.authorization = authorization;
        this.mapper = mapper;
    }

    /** A new message's row; a reply to a message that is not there is refused unless it may go without. */
    Mono<MessageRow> compose(Snowflake id, InChannel in, MessageCreateRequest request, List<Upload> uploads) {
        JsonNode attached = AttachmentObjects.of(mapper, attachments, in.place().id(), uploads, request.attachments());
        String content = Objects.requireNonNullElse(request.content(), "");
        AllowedMentions allowed =
                request.allowedMentions() == null ? AllowedMentions.DEFAULT : request.allowedMentions();
        PollRequest poll = request.poll();
        return replyTo(in, request.messageReference()).flatMap(replied -> {
            Set<Snowflake> alsoMentioned = replied.isPresent() && allowed.allowsRepliedUser()
                    ? Set.of(replied.get().authorId())
                    : Set.of();
            return mentions(in, content, allowed, alsoMentioned)
                    .map(mentions -> new MessageRow(
                            id,
                            in.place().id(),
                            in.guildId(),
                            in.userId(),
                            null,
                            replied.isPresent() ? MessageRow.REPLY : MessageRow.DEFAULT,
                            content,
                            Boolean.TRUE.equals(request.tts()) && in.has(Permission.SEND_TTS_MESSAGES),
                            Objects.requireNonNullElse(request.flags(), 0),
                            mentions.everyone(),
                            List.copyOf(mentions.users()),
                            List.copyOf(mentions.roles()),
                            storedEmbeds(request.embeds()),
                            attached,
                            storedComponents(request.components()),
                            replied.map(row -> mapper.<JsonNode>valueToTree(MessageReference.replyTo(row)))
                                    .orElse(null),
                            request.nonceText(),
                            false,
                            null,
                            null,
                            null,
                            null,
                            poll == null ? null : poll.stored(mapper, clock.instant())));
        });
    }

    /**
     * The message as edited; its mentions worked out again when its content changes, its files those kept
     * and then those sent with the edit. 50006 if left empty.
     */
    Mono<MessageRow> edit(MessageRow row, InChannel in, MessageEditRequest request, List<Upload> uploads) {
        String content = request.content().isPresent()
                ? Objects.requireNonNullElse(Possible.valueOrNull(request.content()), "")
                : row.content();
        JsonNode embeds =
                request.embeds().isPresent() ? storedEmbeds(Possible.valueOrNull(request.embeds())) : row.embeds();
        // An edit fills a deferred answer's placeholder: it is no longer loading.
        int unloaded = row.flags() & ~MessageRow.LOADING;
        int flags = request.flags().isPresent()
                ? (unloaded & ~MessageEditRequest.EDITABLE_FLAGS)
                        | (Objects.requireNonNullElse(Possible.valueOrNull(request.flags()), 0)
                                & MessageEditRequest.EDITABLE_FLAGS)
                : unloaded;
        boolean components = request.components().isPresent()
                ? Components.any(Possible.valueOrNull(request.components()))
                : !row.components().isEmpty();
        JsonNode files = editedAttachments(row, request, uploads);
        if (content.isBlank() && embeds.isEmpty() && files.isEmpty() && !components) {
            throw new ApiException(HttpStatus.BAD_REQUEST, 50006, "Cannot send an empty message");
        }
        AllowedMentions allowed =
                Objects.requireNonNullElse(Possible.valueOrNull(request.allowedMentions()), AllowedMentions.DEFAULT);
        // The author replied to stays mentioned as they were: the edit does not send the reply again.
        Snowflake repliedTo = row.repliedTo();
        Mono<Set<Snowflake>> kept = repliedTo == null
                ? Mono.just(Set.of())
                : store.find(row.channelId(), repliedTo)
                        .map(MessageRow::authorId)
                        .filter(row.mentionIds()::contains)
                        .map(Set::of)
                        .defaultIfEmpty(Set.of());
        return kept.flatMap(also -> mentions(in, content, allowed, also))
                .map(mentions -> new MessageRow(
                        row.id(),
                        row.channelId(),
                        row.guildId(),
                        row.authorId(),
                        row.webhookId(),
                        row.type(),
                        content,
                        row.tts(),
                        flags,
                        mentions.everyone(),
                        List.copyOf(mentions.users()),
                        List.copyOf(mentions.roles()),
                        embeds,
                        files,
                        request.components().isPresent()
                                ? storedComponents(Possible.valueOrNull(request.components()))
                                : row.components(),
                        row.messageReference(),
                        row.nonce(),
                        row.pinned(),
                        row.editedAt(),
                        row.webhookAuthor(),
                        row.applicationId(),
                        row.interactionMetadata(),
                        row.poll()));
    }

    /**
     * The files after an edit: all the message had unless {@code attachments} lists those to keep (by
     * id; one it does not have is 50035; null keeps none), then the new files in their parts' order; ten
     * at most.
     */
    private JsonNode editedAttachments(MessageRow row, MessageEditRequest request, List<Upload> uploads) {
        List<AttachmentRequest> listed = Possible.valueOrNull(request.attachments());
        Violations violations = new Violations();
        ArrayNode files = mapper.createArrayNode();
        if (request.attachments().isAbsent()) {
            row.attachments().forEach(files::add);
        } else if (listed != null) {
            Set<String> had = new LinkedHashSet<>();
            row.attachments().forEach(file -> had.add(file.path("id").asString()));
            Set<String> kept = new LinkedHashSet<>();
            for (int i = 0; i < listed.size(); i++) {
                Snowflake keptId = listed.get(i).keptId();
                if (keptId == null) {
                    continue;
                }
                if (!had.contains(keptId.asString())) {
                    violations.at("attachments").at(i).add("id", "ATTACHMENT_NOT_FOUND", "Unknown attachment.");
                }
                kept.add(keptId.asString());
            }
            row.attachments().forEach(file -> {
                if (kept.contains(file.path("id").asString())) {
                    files.add(file);
                }
            });
        }
        violations.throwIfAny();
        files.addAll(AttachmentObjects.of(mapper, attachments, row.channelId(), uploads, listed));
        if (files.size() > Attachments.MAX_FILES) {
            throw new Violations()
                    .add(
                            "attachments",
                            "BASE_TYPE_MAX_LENGTH",
                            "Must be " + Attachments.MAX_FILES + " or fewer in length.")
                    .toException();
        }
        return files;
    }

    private JsonNode storedComponents(@Nullable List<MessageComponent> components) {
        return mapper.valueToTree(components == null ? List.of() : Components.stored(components));
    }

    private JsonNode storedEmbeds(@Nullable List<Embed> embeds) {
        return mapper.valueToTree(
                embeds == null ? List.of() : embeds.stream().map(Embed::stored).toList());
    }

    /** The message replied to, in this channel; absent for no reply or one allowed to go without it. */
    private Mono<Optional<MessageRow>> replyTo(InChannel in, @Nullable MessageReference reference) {
        if (reference == null) {
            return Mono.just(Optional.empty());
        }
        Snowflake channelId = in.place().id();
        boolean elsewhere =
                reference.channelId() != null && !reference.channelId().equals(channelId);
        Mono<MessageRow> found =
                elsewhere ? Mono.empty() : store.find(channelId, Objects.requireNonNull(reference.messageId()));
        return found.map(Optional::of).switchIfEmpty(Mono.fromSupplier(() -> {
            if (reference.failsIfMissing()) {
                throw new Violations()
                        .at("message_reference")
                        .add("message_id", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
                        .toException();
            }
            return Optional.empty();
        }));
    }

    /**
     * The mentions that count: named, allowed, and (users) existing or (roles) of the guild and mentionable
     * by the author.
     */
    private Mono<Mentions> mentions(InChannel in, String content, AllowedMentions allowed, Set<Snowflake> also) {
        Mentions named = Mentions.in(content);
        Set<Snowflake> userIds = new LinkedHashSet<>(also);
        userIds.addAll(allowed.allowedUsers(named.users()));
        Set<Snowflake> roleIds = allowed.allowedRoles(named.roles());
        boolean everyone = named.everyone() && allowed.allowsEveryone() && in.has(Permission.MENTION_EVERYONE);
        Mono<List<Snowflake>> existingUsers = userIds.isEmpty()
                ? Mono.just(List.of())
                : users.findAll(userIds).map(PartialUser::id).collectList().map(found -> userIds.stream()
                        .filter(found::contains)
                        .toList());
        Snowflake guildId = in.guildId();
        Mono<List<Snowflake>> guildRoles = roleIds.isEmpty() || guildId == null
                ? Mono.just(List.of())
                : authorization.authorizationSnapshot(guildId).map(snapshot -> {
                    // A role's mention reaches its members when anyone may mention it, or from those who
                    // may mention everyone.
                    boolean anyRole = in.has(Permission.MENTION_EVERYONE);
                    Set<Long> roles = new LinkedHashSet<>();
                    for (GuildRole role : snapshot.roles()) {
                        if (anyRole || snapshot.mentionableRoleIds().contains(role.id())) {
                            roles.add(role.id());
                        }
                    }
                    List<Snowflake> kept = new ArrayList<>();
                    roleIds.stream()
                            .filter(role -> roles.contains(role.value()) && !role.equals(guildId))
                            .forEach(kept::add);
                    return kept;
                });
        return Mono.zip(existingUsers, guildRoles)
                .map(found ->
                        new Mentions(new LinkedHashSet<>(found.getT1()), new LinkedHashSet<>(found.getT2()), everyone));
    }
}
