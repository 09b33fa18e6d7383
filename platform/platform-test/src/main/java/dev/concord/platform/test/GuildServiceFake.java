package dev.concord.platform.test;

import dev.concord.platform.permissions.Permission;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * guild-service's internal API (docs/internal-api.md) over guilds held in memory, on a real HTTP server on
 * a free local port, for the services and the client that ask it: member pages, permissions guild-wide,
 * in a channel or for described overwrites, a user's guilds, bots added to guilds ({@link FakeBotJoins}) and
 * applications added to group DMs. Records every request, and can be told
 * to fail, hang or answer late. Requests must carry {@code Internal <secret>}, by default
 * {@link TestTokenKeys#internalSecret()} as every {@link RealInfrastructure} service is configured.
 *
 * <p>Simpler than guild-service where tests do not need more: the owner holds every permission
 * everywhere; a channel gives its members' permissions outright or narrows them by a mask; the
 * overwrites form applies @everyone's overwrite, then the member's own (roles are not modelled). The
 * authorization snapshot and memberships describe the same guilds as roles and overwrites (one role per
 * member), so a service computing permissions itself gets the same answers.
 */
public final class GuildServiceFake implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Added to a member's id to make the id of the role holding their permissions. */
    private static final long MEMBER_ROLES = 1L << 50;

    /** A guild: its members' guild-wide permissions and its channels. */
    public static final class Guild {
        private final long id;
        private final long ownerId;
        private final NavigableMap<Long, Long> members = new ConcurrentSkipListMap<>();
        /** Per channel: a member's permissions in it from their id and guild-wide permissions. */
        private final Map<Long, LongBinaryOperator> channels = new ConcurrentHashMap<>();
        /** Per channel: overwrites that give the same answers through the platform's engine. */
        private final Map<Long, ArrayNode> overwrites = new ConcurrentHashMap<>();

        private volatile boolean dmsPaused;
        /** Roles anyone may mention. */
        private final Set<Long> mentionable = ConcurrentHashMap.newKeySet();
        /** Per member: the roles their member object lists (none unless told; their permissions are their own). */
        private final Map<Long, List<Long>> shownRoles = new ConcurrentHashMap<>();

        Guild(long id, long ownerId) {
            this.id = id;
            this.ownerId = ownerId;
            members.put(ownerId, Permission.ALL);
        }

        /** Pauses the guild's DMs (an incident action), or resumes them. */
        public Guild dmsPaused(boolean paused) {
            dmsPaused = paused;
            return this;
        }

        /** Adds the member, or sets their guild-wide permissions. */
        public Guild member(long userId, long permissions) {
            members.put(userId, permissions);
            return this;
        }

        /** The member's member object lists these roles (auto moderation's exempt roles, say). */
        public Guild showsRoles(long userId, long... roleIds) {
            shownRoles.put(userId, Arrays.stream(roleIds).boxed().toList());
            return this;
        }

        /** The user is no longer a member; even the owner, which no real guild allows. */
        public Guild remove(long userId) {
            members.remove(userId);
            return this;
        }

        public long id() {
            return id;
        }

        /** The member's guild-wide permissions (every one for the owner); null for a non-member. */
        public @Nullable Long permissionsOf(long userId) {
            return userId == ownerId ? Long.valueOf(Permission.ALL) : members.get(userId);
        }

        /** The member ids, in id order. */
        public List<Long> memberIds() {
            return List.copyOf(members.keySet());
        }

        /** Whether the guild has the channel. */
        public boolean hasChannel(long channelId) {
            return channels.containsKey(channelId);
        }

        /** A channel in which the members named have these permissions and the others none. */
        public Guild channel(long channelId, Map<Long, Long> permissions) {
            Map<Long, Long> copy = Map.copyOf(permissions);
            channels.put(channelId, (userId, base) -> copy.getOrDefault(userId, 0L));
            ArrayNode described = JSON.createArrayNode();
            described.add(overwrite(id, 0, 0, Permission.ALL));
            copy.forEach((userId, granted) -> described.add(overwrite(userId, 1, granted, 0)));
            overwrites.put(channelId, described);
            return this;
        }

        /** A channel that narrows every member's guild-wide permissions to {@code mask}. */
        public Guild channel(long channelId, long mask) {
            channels.put(channelId, (userId, base) -> base & mask);
            overwrites.put(channelId, JSON.createArrayNode().add(overwrite(id, 0, 0, Permission.ALL & ~mask)));
            return this;
        }

        /** A thread of one of its channels: members have there what they have in the parent. */
        void thread(long threadId, long parentId) {
            LongBinaryOperator parent = channels.get(parentId);
            if (parent != null) {
                channels.put(threadId, parent);
            }
            ArrayNode parentOverwrites = overwrites.get(parentId);
            if (parentOverwrites != null) {
                overwrites.put(threadId, parentOverwrites.deepCopy());
            }
        }

        /** Anyone may mention the role (in the snapshot form). */
        public Guild mentionable(long roleId) {
            mentionable.add(roleId);
            return this;
        }

        /** The role that gives a member their guild-wide permissions in the snapshot form. */
        public static long roleOf(long userId) {
            return MEMBER_ROLES + userId;
        }
    }

    /** A request as received; {@code body} is null for a GET. */
    public record Request(
            String method,
            String path,
            Map<String, List<String>> query,
            @Nullable String authorization,
            @Nullable JsonNode body) {

        /** The users a permissions request asks about. */
        public List<String> userIds() {
            return body == null
                    ? List.of()
                    : body.path("user_ids")
                            .valueStream()
                            .map(JsonNode::asString)
                            .toList();
        }
    }

    private final String secret;
    private final Map<Long, Guild> guilds = new ConcurrentHashMap<>();
    private final Map<Long, ArrayNode> guildsOf = new ConcurrentHashMap<>();
    private final Set<Long> failingUsers = ConcurrentHashMap.newKeySet();
    private final Set<Long> hangingUsers = ConcurrentHashMap.newKeySet();
    private final Set<Long> brokenGuilds = ConcurrentHashMap.newKeySet();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();
    private volatile Duration delay = Duration.ZERO;
    private final Map<Long, Integer> channelTypes = new ConcurrentHashMap<>();
    private final Map<Long, String> channelNames = new ConcurrentHashMap<>();
    private final Map<Long, ObjectNode> privateChannels = new ConcurrentHashMap<>();
    private final Map<Long, ObjectNode> emojis = new ConcurrentHashMap<>();
    /** Per group DM: the ids of the applications added to it. */
    private final Map<Long, Set<String>> groupDmApplications = new ConcurrentHashMap<>();

    private final Map<Long, Set<Long>> notUsable = new ConcurrentHashMap<>();
    private final Map<Long, JsonNode> autoModerationRules = new ConcurrentHashMap<>();
    private final FakeBotJoins bots = new FakeBotJoins(JSON, guilds);
    private final FakeThreads threads = new FakeThreads(JSON, guilds, channelTypes);
    private final DisposableServer server;

    private GuildServiceFake(String secret) {
        this.secret = secret;
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.post("/internal/guilds/{guildId}/permissions", this::permissions)
                        .get("/internal/guilds/{guildId}/members", this::members)
                        .post("/internal/guilds/{guildId}/members/search", this::searchMembers)
                        .get("/internal/guilds/{guildId}/authorization-snapshot", this::snapshot)
                        .post("/internal/users/memberships", this::memberships)
                        .get("/internal/users/{userId}/guilds", this::guildsOf)
                        .get("/internal/channels/{channelId}", this::channel)
                        .get("/internal/emojis/{emojiId}", this::emoji)
                        .get("/internal/guilds/{guildId}/auto-moderation/rules", this::autoModerationRules)
                        .post(
                                "/internal/guilds/{guildId}/members/{userId}/auto-moderation-timeout",
                                (request, response) -> withBody(request, response, body -> response.status(204)
                                        .then()))
                        .post(
                                "/internal/channels/{channelId}/reopen",
                                (request, response) -> answer(request, response, null, () -> response.status(204)
                                        .then()))
                        .post(
                                "/internal/channels/{channelId}/threads",
                                (request, response) ->
                                        withBody(request, response, body -> threads.start(request, response, body)))
                        .post(
                                "/internal/threads/{threadId}/messages",
                                (request, response) ->
                                        withBody(request, response, body -> threads.message(request, response, body)))
                        .post(
                                "/internal/threads/{threadId}/messages/deleted",
                                (request, response) -> withBody(
                                        request, response, body -> threads.messagesDeleted(request, response, body)))
                        .post(
                                "/internal/channels/{channelId}/integrations",
                                (request, response) ->
                                        withBody(request, response, body -> addToGroupDm(request, response, body)))
                        .post("/internal/guilds/{guildId}/bots", (request, response) -> request.receive()
                                .aggregate()
                                .asString()
                                .defaultIfEmpty("{}")
                                .flatMap(text -> {
                                    JsonNode body = JSON.readTree(text);
                                    return answer(request, response, body, () -> bots.add(request, response, body));
                                }))
                        .get(
                                "/internal/users/{userId}/manageable-guilds",
                                (request, response) ->
                                        answer(request, response, null, () -> bots.manageable(request, response))))
                .bindNow();
    }

    /** A fake taking the test JVM's internal secret, as the services under test send it. */
    public static GuildServiceFake start() {
        return start(TestTokenKeys.internalSecret());
    }

    public static GuildServiceFake start(String secret) {
        return new GuildServiceFake(secret);
    }

    /** The name {@code GET /internal/channels/{id}} gives the channel; {@code channel-<id>} unless set. */
    public void channelName(long channelId, String name) {
        channelNames.put(channelId, name);
    }

    /**
     * A thread of the guild under {@code parentId} (a channel of it), whose members have there what they
     * have in the parent; {@code GET /internal/channels/{id}} gives its type and parent.
     */
    public void thread(long guildId, long threadId, long parentId, int type) {
        Guild guild = Objects.requireNonNull(guilds.get(guildId), "a guild made with guild(id, owner)");
        threads.add(guild, threadId, parentId, type, "thread-" + threadId, guild.ownerId);
    }

    /** Messages go into the thread only from those who manage threads, as into a locked thread. */
    public void lockThread(long threadId) {
        threads.lock(threadId);
    }

    /** The next {@code POST /internal/channels/{id}/threads} is refused with this status and code. */
    public void refuseNextThread(int status, int code, String message) {
        threads.refuseNext(status, code, message);
    }

    /** The type {@code GET /internal/channels/{id}} gives the channel; text (0) unless set. */
    public void channelType(long channelId, int type) {
        channelTypes.put(channelId, type);
    }

    /** Its base URL, for {@code concord.guilds.base-url}. */
    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** A new guild whose owner is a member holding every permission. */
    public Guild guild(long id, long ownerId) {
        Guild guild = new Guild(id, ownerId);
        guilds.put(id, guild);
        return guild;
    }

    /** What {@code GET /internal/users/{userId}/guilds} answers: these guilds, in this order. */
    public void guildsOf(long userId, JsonNode... theirs) {
        ArrayNode array = JSON.createArrayNode();
        for (JsonNode guild : theirs) {
            array.add(guild);
        }
        guildsOf.put(userId, array);
    }

    /** The user's guilds are answered with a 503. */
    public void failGuildsOf(long userId) {
        failingUsers.add(userId);
    }

    /** The user's guilds are never answered. */
    public void hangGuildsOf(long userId) {
        hangingUsers.add(userId);
    }

    /** Every request about the guild fails with a 500, as long as guild-service is broken. */
    public void breakGuild(long guildId) {
        brokenGuilds.add(guildId);
    }

    /** The next {@code count} requests about guilds fail with a 500. */
    public void failNext(int count) {
        failNext.set(count);
    }

    /** Every answer waits this long first. */
    public void delay(Duration delay) {
        this.delay = delay;
    }

    /** Every request received, in order. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public int requestCount() {
        return requests.size();
    }

    /** The requests about a guild, in order. */
    public List<Request> requestsAbout(long guildId) {
        String prefix = "/internal/guilds/" + guildId + "/";
        return requests.stream()
                .filter(request -> request.path().startsWith(prefix))
                .toList();
    }

    /** The requests whose path contains {@code part}, in order. */
    public List<Request> requestsTo(String part) {
        return requests.stream()
                .filter(request -> request.path().contains(part))
                .toList();
    }

    private Publisher<Void> permissions(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = JSON.readTree(text);
            return answer(request, response, body, () -> {
                Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
                if (guild == null) {
                    return error(response, 404, 10004, "Unknown Guild");
                }
                LongBinaryOperator inChannel = null;
                if (body.has("channel_id")) {
                    inChannel = guild.channels.get(
                            Long.parseLong(body.get("channel_id").asString()));
                    if (inChannel == null) {
                        return error(response, 404, 10003, "Unknown Channel");
                    }
                }
                ObjectNode permissions = JSON.createObjectNode();
                for (JsonNode id : body.path("user_ids")) {
                    long userId = Long.parseLong(id.asString());
                    Long base = guild.members.get(userId);
                    if (base == null) {
                        continue;
                    }
                    long granted = userId == guild.ownerId
                            ? Permission.ALL
                            : inChannel != null
                                    ? inChannel.applyAsLong(userId, base)
                                    : body.has("overwrites")
                                            ? overwritten(guild.id, userId, base, body.get("overwrites"))
                                            : base;
                    permissions.put(id.asString(), Long.toString(granted));
                }
                ObjectNode answer = JSON.createObjectNode()
                        .put("guild_id", Long.toString(guild.id))
                        .put("owner_id", Long.toString(guild.ownerId));
                answer.set("permissions", permissions);
                return FakeAnswers.json(response, 200, answer.toString());
            });
        });
    }

    /** @everyone's overwrite, then the member's own. */
    private static long overwritten(long guildId, long userId, long base, JsonNode overwrites) {
        long granted = base;
        for (long target : new long[] {guildId, userId}) {
            for (JsonNode overwrite : overwrites) {
                if (Long.parseLong(overwrite.path("id").asString()) == target) {
                    granted &= ~Long.parseUnsignedLong(overwrite.path("deny").asString("0"));
                    granted |= Long.parseUnsignedLong(overwrite.path("allow").asString("0"));
                }
            }
        }
        return granted;
    }

    /**
     * The guild as the platform's engine would need it to give the permissions route's answers: @everyone
     * with nothing, a role per member with their guild-wide permissions ({@link Guild#roleOf}), and each
     * channel's overwrites (@everyone denied everything, then what the channel gives each member, or what
     * its mask takes away). The engine's own rules then apply: without VIEW_CHANNEL, nothing in a channel.
     */
    private Publisher<Void> snapshot(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
            if (guild == null) {
                return error(response, 404, 10004, "Unknown Guild");
            }
            ObjectNode answer = JSON.createObjectNode()
                    .put("guild_id", Long.toString(guild.id))
                    .put("owner_id", Long.toString(guild.ownerId));
            ArrayNode roles = answer.putArray("roles");
            roles.add(role(guild.id, 0, 0, false));
            guild.members.forEach((userId, permissions) -> {
                long roleId = Guild.roleOf(userId);
                roles.add(role(roleId, 1, permissions, guild.mentionable.contains(roleId)));
            });
            ArrayNode channels = answer.putArray("channels");
            guild.overwrites.forEach((channelId, overwrites) -> channels.addObject()
                    .put("id", Long.toString(channelId))
                    .set("permission_overwrites", overwrites.deepCopy()));
            return FakeAnswers.json(response, 200, answer.toString());
        });
    }

    /** Each user's membership in every guild here, with the one role that holds their permissions. */
    private Publisher<Void> memberships(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = JSON.readTree(text);
            return answer(request, response, body, () -> {
                ObjectNode answer = JSON.createObjectNode();
                ArrayNode members = answer.putArray("members");
                for (JsonNode id : body.path("user_ids")) {
                    long userId = Long.parseLong(id.asString());
                    guilds.values().stream()
                            .filter(guild -> guild.members.containsKey(userId))
                            .forEach(guild -> {
                                ObjectNode member = members.addObject()
                                        .put("user_id", Long.toString(userId))
                                        .put("guild_id", Long.toString(guild.id));
                                member.putArray("roles").add(Long.toString(Guild.roleOf(userId)));
                                member.putNull("communication_disabled_until");
                                member.put("guild_dms_paused", guild.dmsPaused);
                            });
                }
                return FakeAnswers.json(response, 200, answer.toString());
            });
        });
    }

    private static ObjectNode role(long id, int position, long permissions, boolean mentionable) {
        return JSON.createObjectNode()
                .put("id", Long.toString(id))
                .put("position", position)
                .put("permissions", Long.toString(permissions))
                .put("mentionable", mentionable);
    }

    private static ObjectNode overwrite(long id, int type, long allow, long deny) {
        return JSON.createObjectNode()
                .put("id", Long.toString(id))
                .put("type", type)
                .put("allow", Long.toString(allow))
                .put("deny", Long.toString(deny));
    }

    private Publisher<Void> members(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
            if (guild == null) {
                return error(response, 404, 10004, "Unknown Guild");
            }
            Map<String, List<String>> query = new QueryStringDecoder(request.uri()).parameters();
            long after =
                    Long.parseLong(query.getOrDefault("after", List.of("0")).get(0));
            int limit = Integer.parseInt(
                    query.getOrDefault("limit", List.of("1000")).get(0));
            ObjectNode answer = JSON.createObjectNode();
            ArrayNode ids = answer.putArray("user_ids");
            guild.members.tailMap(after, false).keySet().stream()
                    .limit(limit)
                    .forEach(id -> ids.add(Long.toString(id)));
            return FakeAnswers.json(response, 200, answer.toString());
        });
    }

    /**
     * Member objects by id, or by a prefix of their username, which is {@code user<id>} here as in the
     * gateway's identity stub; in id order, after {@code after}, up to {@code limit}.
     */
    private Publisher<Void> searchMembers(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = JSON.readTree(text);
            return answer(request, response, body, () -> {
                Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
                if (guild == null) {
                    return error(response, 404, 10004, "Unknown Guild");
                }
                Set<String> ids = body.has("user_ids")
                        ? Set.copyOf(body.get("user_ids")
                                .valueStream()
                                .map(JsonNode::asString)
                                .toList())
                        : null;
                String prefix = body.path("query").asString("");
                long after = Long.parseLong(body.path("after").asString("0"));
                ObjectNode answer = JSON.createObjectNode();
                ArrayNode members = answer.putArray("members");
                guild.members.tailMap(after, false).keySet().stream()
                        .filter(id -> ids == null ? ("user" + id).startsWith(prefix) : ids.contains(Long.toString(id)))
                        .limit(body.path("limit").asInt(1000))
                        .forEach(id -> members.add(member(id, guild.shownRoles.getOrDefault(id, List.of()))));
                return FakeAnswers.json(response, 200, answer.toString());
            });
        });
    }

    private static ObjectNode member(long userId, List<Long> roles) {
        ObjectNode member = JSON.createObjectNode();
        member.putObject("user")
                .put("id", Long.toString(userId))
                .put("username", "user" + userId)
                .put("discriminator", "0")
                .putNull("global_name")
                .putNull("avatar");
        member.putNull("nick");
        ArrayNode roleIds = member.putArray("roles");
        roles.forEach(role -> roleIds.add(Long.toString(role)));
        member.put("joined_at", "2025-01-01T00:00:00Z");
        member.put("deaf", false);
        member.put("mute", false);
        member.put("flags", 0);
        member.put("pending", false);
        return member;
    }

    /** A custom emoji of the guild, as {@code GET /internal/emojis/{id}} describes it. */
    public void emoji(long emojiId, String name, boolean animated, long guildId) {
        emojis.put(
                emojiId,
                JSON.createObjectNode()
                        .put("id", Long.toString(emojiId))
                        .put("name", name)
                        .put("animated", animated)
                        .put("available", true)
                        .put("guild_id", Long.toString(guildId))
                        .putNull("application_id"));
    }

    /** The guild's enabled auto moderation rules from now on: a JSON array of the platform's rule objects. */
    public void autoModerationRules(long guildId, String rules) {
        autoModerationRules.put(guildId, JSON.readTree(rules));
    }

    private Publisher<Void> autoModerationRules(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            JsonNode rules = autoModerationRules.get(Long.parseLong(request.param("guildId")));
            return FakeAnswers.json(response, 200, rules == null ? "[]" : rules.toString());
        });
    }

    /** The emoji's roles leave {@code userId} out (or it is unavailable): its answer for them says not usable. */
    public void emojiNotUsableBy(long emojiId, long userId) {
        notUsable.computeIfAbsent(emojiId, id -> ConcurrentHashMap.newKeySet()).add(userId);
    }

    private Publisher<Void> emoji(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            long emojiId = Long.parseLong(request.param("emojiId"));
            ObjectNode emoji = emojis.get(emojiId);
            if (emoji == null) {
                return error(response, 404, 10014, "Unknown Emoji");
            }
            List<String> user =
                    new QueryStringDecoder(request.uri()).parameters().getOrDefault("user_id", List.of());
            ObjectNode answered = emoji.deepCopy();
            if (!user.isEmpty()) {
                answered.put(
                        "usable", !notUsable.getOrDefault(emojiId, Set.of()).contains(Long.parseLong(user.get(0))));
            }
            return FakeAnswers.json(response, 200, answered.toString());
        });
    }

    /** A DM between these users, as {@code GET /internal/channels/{id}} describes it. */
    public void directMessage(long channelId, long... recipientIds) {
        privateChannel(channelId, 1, recipientIds);
    }

    /** A group DM of these users, as {@code GET /internal/channels/{id}} describes it (the first owns it). */
    public void groupDirectMessage(long channelId, long... recipientIds) {
        privateChannel(channelId, 3, recipientIds).put("owner_id", Long.toString(recipientIds[0]));
    }

    private ObjectNode privateChannel(long channelId, int type, long... recipientIds) {
        ObjectNode channel =
                JSON.createObjectNode().put("id", Long.toString(channelId)).put("type", type);
        ArrayNode recipients = channel.putArray("recipient_ids");
        for (long recipient : recipientIds) {
            recipients.add(Long.toString(recipient));
        }
        privateChannels.put(channelId, channel);
        return channel;
    }

    /**
     * An application a recipient authorized in a group DM, as guild-service adds it: 404 10003 unless the
     * channel is a group DM with {@code user_id} among its recipients; {@code created} false the second time.
     */
    private Mono<Void> addToGroupDm(HttpServerRequest request, HttpServerResponse response, JsonNode body) {
        long channelId = Long.parseLong(request.param("channelId"));
        ObjectNode channel = privateChannels.get(channelId);
        String userId = body.path("user_id").asString("");
        boolean recipient = channel != null
                && channel.path("type").asInt() == 3
                && channel.path("recipient_ids").valueStream().anyMatch(id -> id.asString()
                        .equals(userId));
        if (!recipient) {
            return error(response, 404, 10003, "Unknown Channel");
        }
        String applicationId = body.path("application").path("id").asString("");
        boolean created = groupDmApplications
                .computeIfAbsent(channelId, id -> ConcurrentHashMap.newKeySet())
                .add(applicationId);
        ObjectNode answer = JSON.createObjectNode().put("created", created);
        ObjectNode integration = answer.putObject("integration")
                .put("id", Long.toString(channelId + applicationId.hashCode()))
                .put("type", "discord");
        integration.set("application", body.path("application").deepCopy());
        integration.set("scopes", body.path("scopes").deepCopy());
        return FakeAnswers.json(response, 200, answer.toString());
    }

    private Mono<Void> withBody(
            HttpServerRequest request, HttpServerResponse response, Function<JsonNode, Mono<Void>> route) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = JSON.readTree(text);
            return answer(request, response, body, () -> route.apply(body));
        });
    }

    /** The channel of whichever guild has it (its id, guild, type and a thread's parent), or a DM. */
    private Publisher<Void> channel(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            long channelId = Long.parseLong(request.param("channelId"));
            ObjectNode privateChannel = privateChannels.get(channelId);
            if (privateChannel != null) {
                return FakeAnswers.json(response, 200, privateChannel.toString());
            }
            return guilds.values().stream()
                    .filter(guild -> guild.hasChannel(channelId))
                    .findFirst()
                    .map(guild -> {
                        ObjectNode channel = JSON.createObjectNode()
                                .put("id", Long.toString(channelId))
                                .put("guild_id", Long.toString(guild.id()))
                                .put("type", channelTypes.getOrDefault(channelId, 0))
                                .put("name", channelNames.getOrDefault(channelId, "channel-" + channelId));
                        Long parent = threads.parentOf(channelId);
                        if (parent != null) {
                            channel.put("parent_id", Long.toString(parent));
                        }
                        return FakeAnswers.json(response, 200, channel.toString());
                    })
                    .orElseGet(() -> error(response, 404, 10003, "Unknown Channel"));
        });
    }

    private Publisher<Void> guildsOf(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            long userId = Long.parseLong(request.param("userId"));
            if (hangingUsers.contains(userId)) {
                return Mono.never();
            }
            if (failingUsers.contains(userId)) {
                return error(response, 503, 0, "503: Service Unavailable");
            }
            return FakeAnswers.json(
                    response,
                    200,
                    guildsOf.getOrDefault(userId, JSON.createArrayNode()).toString());
        });
    }

    /**
     * Records the request, then answers after the delay: 401 without the secret, 500 for a broken guild
     * or while told to fail, else the route's answer.
     */
    private Mono<Void> answer(
            HttpServerRequest request,
            HttpServerResponse response,
            @Nullable JsonNode body,
            Supplier<Mono<Void>> route) {
        String authorization = request.requestHeaders().get("Authorization");
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        requests.add(new Request(request.method().name(), uri.path(), uri.parameters(), authorization, body));
        Mono<Void> answer = Mono.defer(() -> {
            if (!("Internal " + secret).equals(authorization)) {
                return error(response, 401, 0, "401: Unauthorized");
            }
            String guildId = uri.path().startsWith("/internal/guilds/") ? request.param("guildId") : null;
            boolean broken = guildId != null && brokenGuilds.contains(Long.parseLong(guildId));
            if (broken || (guildId != null && failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0)) {
                return error(response, 500, 0, "500: Internal Server Error");
            }
            return route.get();
        });
        Duration wait = delay;
        return wait.isZero() ? answer : Mono.delay(wait).then(answer);
    }

    static Mono<Void> error(HttpServerResponse response, int status, int code, String message) {
        return FakeAnswers.json(
                response,
                status,
                JSON.createObjectNode()
                        .put("message", message)
                        .put("code", code)
                        .toString());
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
