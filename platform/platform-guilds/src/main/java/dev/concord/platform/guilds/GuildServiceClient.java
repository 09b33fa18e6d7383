package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.InternalApiErrors;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * guild-service's internal API (docs/internal-api.md), one call per method, nothing cached. Bodies are
 * written and read as plain maps and trees with the contract's field names, so they do not depend on
 * how the given client's JSON mapper names properties.
 */
final class GuildServiceClient {

    /** Users per permissions request, as the contract allows. */
    static final int MAX_USERS = 1000;
    /** Member ids per page, the most the contract allows. */
    static final int MEMBERS_PAGE = 10_000;

    /** A full page of 10 000 ids is about 220 KB, close to the default limit of 256 KB. */
    private static final int MAX_BODY_BYTES = 2 * 1024 * 1024;

    private final WebClient client;
    private final String authorization;
    private final Duration timeout;

    GuildServiceClient(WebClient client, String internalSecret, Duration timeout) {
        this.client = client.mutate()
                .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(MAX_BODY_BYTES))
                .build();
        this.authorization = "Internal " + internalSecret;
        this.timeout = timeout;
    }

    /** POST /internal/guilds/{guild.id}/permissions: each member's permissions; non-members are left out. */
    Mono<Map<Snowflake, Long>> permissions(
            Snowflake guildId, @Nullable Snowflake channelId, @Nullable JsonNode overwrites, List<Snowflake> userIds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_ids", userIds.stream().map(Snowflake::asString).toList());
        if (channelId != null) {
            body.put("channel_id", channelId.asString());
        }
        if (overwrites != null) {
            body.put("overwrites", overwrites);
        }
        return send(client.post()
                        .uri("/internal/guilds/{guildId}/permissions", guildId.asString())
                        .bodyValue(body))
                .map(GuildServiceClient::readPermissions);
    }

    /** GET /internal/guilds/{guild.id}/members, page after page until a page is not full. */
    Flux<Snowflake> members(Snowflake guildId) {
        return memberPage(guildId, 0)
                .expand(page -> page.size() < MEMBERS_PAGE
                        ? Mono.empty()
                        : memberPage(guildId, page.get(page.size() - 1).value()))
                .concatMapIterable(page -> page);
    }

    /** POST /internal/guilds/{guild.id}/members/search: member objects, in user id order. */
    Mono<List<JsonNode>> searchMembers(Snowflake guildId, Map<String, Object> query) {
        return send(client.post()
                        .uri("/internal/guilds/{guildId}/members/search", guildId.asString())
                        .bodyValue(query))
                .map(body -> {
                    JsonNode members = body.path("members");
                    if (!members.isArray()) {
                        throw new IllegalStateException("guild-service answered without members");
                    }
                    List<JsonNode> found = new ArrayList<>(members.size());
                    members.forEach(found::add);
                    return found;
                });
    }

    /** GET /internal/guilds/{guild.id}/authorization-snapshot: the owner, roles and channels' overwrites. */
    Mono<AuthorizationSnapshot> authorizationSnapshot(Snowflake guildId) {
        return send(client.get().uri("/internal/guilds/{guildId}/authorization-snapshot", guildId.asString()))
                .map(body -> AuthorizationSnapshot.read(guildId, body));
    }

    /** POST /internal/users/memberships: the users' member rows in every guild they are in. */
    Mono<List<Membership>> memberships(List<Snowflake> userIds) {
        return send(client.post()
                        .uri("/internal/users/memberships")
                        .bodyValue(Map.of(
                                "user_ids",
                                userIds.stream().map(Snowflake::asString).toList())))
                .map(body -> {
                    JsonNode members = body.path("members");
                    if (!members.isArray()) {
                        throw new IllegalStateException("guild-service answered without members");
                    }
                    return members.valueStream().map(Membership::read).toList();
                });
    }

    /**
     * GET /internal/users/{user.id}/guilds: each of the user's guilds as a session's GUILD_CREATE carries
     * it, read one guild at a time (the array as a whole may be larger than one body buffer).
     */
    Flux<JsonNode> guildsOf(Snowflake userId) {
        return client.get()
                .uri("/internal/users/{userId}/guilds", userId.asString())
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .accept(MediaType.APPLICATION_JSON)
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .bodyToFlux(JsonNode.class)
                .timeout(timeout);
    }

    /** GET /internal/channels/{channel.id}: the channel object; 404 10003 comes as an ApiException. */
    Mono<JsonNode> channel(Snowflake channelId) {
        return send(client.get().uri("/internal/channels/{channelId}", channelId.asString()));
    }

    /**
     * GET /internal/emojis/{emoji.id}?user_id=: the emoji, its owner and whether the user may use it; 404 10014
     * comes as an ApiException.
     */
    Mono<JsonNode> emoji(Snowflake emojiId, Snowflake userId) {
        return send(client.get().uri(uri -> uri.path("/internal/emojis/{emojiId}")
                .queryParam("user_id", userId.asString())
                .build(emojiId.asString())));
    }

    /** GET /internal/guilds/{guild.id}/auto-moderation/rules: the guild's enabled rules, as the platform's rule objects. */
    Mono<JsonNode> autoModerationRules(Snowflake guildId) {
        return send(client.get().uri("/internal/guilds/{guildId}/auto-moderation/rules", guildId.asString()));
    }

    /** POST /internal/guilds/{guild.id}/members/{user.id}/auto-moderation-timeout: a rule's TIMEOUT_USER. */
    Mono<Void> autoModerationTimeout(Snowflake guildId, Snowflake userId, int durationSeconds) {
        return client.post()
                .uri(
                        "/internal/guilds/{guildId}/members/{userId}/auto-moderation-timeout",
                        guildId.asString(),
                        userId.asString())
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("duration_seconds", durationSeconds))
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .toBodilessEntity()
                .timeout(timeout)
                .then();
    }

    /** POST /internal/channels/{channel.id}/reopen: a DM back in the lists of those who had closed it. */
    Mono<Void> reopen(Snowflake channelId) {
        return client.post()
                .uri("/internal/channels/{channelId}/reopen", channelId.asString())
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .toBodilessEntity()
                .timeout(timeout)
                .then();
    }

    /** POST /internal/guilds/{guild.id}/bots: {@code {"integration", "joined", "guild"}}. */
    Mono<JsonNode> startThread(Snowflake parentId, Map<String, Object> body) {
        return send(client.post()
                .uri("/internal/channels/{channelId}/threads", parentId.asString())
                .bodyValue(body));
    }

    Mono<JsonNode> threadMessage(Snowflake threadId, Map<String, Object> body) {
        return send(client.post()
                .uri("/internal/threads/{threadId}/messages", threadId.asString())
                .bodyValue(body));
    }

    /** POST {@code path} with a JSON body, answered 204 (guild-service's refusals as ApiExceptions). */
    Mono<Void> postBodiless(String path, Map<String, Object> body) {
        return client.post()
                .uri(path)
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(body)
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .toBodilessEntity()
                .timeout(timeout)
                .then();
    }

    /** POST /internal/threads/{thread.id}/messages/deleted: 204. */
    Mono<Void> threadMessagesDeleted(Snowflake threadId, List<String> messageIds) {
        return client.post()
                .uri("/internal/threads/{threadId}/messages/deleted", threadId.asString())
                .header(HttpHeaders.AUTHORIZATION, authorization)
                .bodyValue(Map.of("message_ids", messageIds))
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .toBodilessEntity()
                .timeout(timeout)
                .then();
    }

    Mono<JsonNode> addBot(Snowflake guildId, Map<String, Object> body) {
        return send(client.post()
                .uri("/internal/guilds/{guildId}/bots", guildId.asString())
                .bodyValue(body));
    }

    Mono<JsonNode> addToGroupDm(Snowflake channelId, Map<String, Object> body) {
        return send(client.post()
                .uri("/internal/channels/{channelId}/integrations", channelId.asString())
                .bodyValue(body));
    }

    /** GET /internal/users/{user.id}/manageable-guilds: partial guilds, as {@code GET /users/@me/guilds} lists them. */
    Mono<List<JsonNode>> manageableGuilds(Snowflake userId) {
        return send(client.get().uri("/internal/users/{userId}/manageable-guilds", userId.asString()))
                .map(body -> {
                    if (!body.isArray()) {
                        throw new IllegalStateException("guild-service answered without a list of guilds");
                    }
                    return body.valueStream().toList();
                });
    }

    private Mono<List<Snowflake>> memberPage(Snowflake guildId, long after) {
        return send(client.get().uri(uri -> uri.path("/internal/guilds/{guildId}/members")
                        .queryParam("after", after)
                        .queryParam("limit", MEMBERS_PAGE)
                        .build(guildId.asString())))
                .map(body -> readPage(body, after));
    }

    private Mono<JsonNode> send(WebClient.RequestHeadersSpec<?> request) {
        return request.header(HttpHeaders.AUTHORIZATION, authorization)
                .accept(MediaType.APPLICATION_JSON)
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .bodyToMono(JsonNode.class)
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("guild-service answered without a body")))
                .timeout(timeout);
    }

    private static Map<Snowflake, Long> readPermissions(JsonNode body) {
        JsonNode permissions = body.path("permissions");
        if (!permissions.isObject()) {
            throw new IllegalStateException("guild-service answered without a permissions object");
        }
        Map<Snowflake, Long> members = new HashMap<>();
        for (Map.Entry<String, JsonNode> member : permissions.properties()) {
            members.put(
                    Snowflake.parse(member.getKey()),
                    Long.parseUnsignedLong(member.getValue().asString()));
        }
        return members;
    }

    private static List<Snowflake> readPage(JsonNode body, long after) {
        JsonNode ids = body.path("user_ids");
        if (!ids.isArray()) {
            throw new IllegalStateException("guild-service answered without user_ids");
        }
        List<Snowflake> page = new ArrayList<>(ids.size());
        for (JsonNode id : ids) {
            page.add(Snowflake.parse(id.asString()));
        }
        // Ids come in id order after `after`; anything else would page forever.
        if (!page.isEmpty() && page.get(0).value() <= after) {
            throw new IllegalStateException("guild-service paged members out of order");
        }
        return page;
    }
}
