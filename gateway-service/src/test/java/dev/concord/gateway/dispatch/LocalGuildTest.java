package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.AuthorizationSnapshot;
import dev.concord.platform.guilds.AuthorizationSnapshot.ThreadPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Permission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The guild held here answers as guild-service's engine does for owners, administrators, roles,
 * overwrites and timeouts, and after guild.events it answers as a fresh snapshot of the new state would,
 * without fetching anything.
 */
class LocalGuildTest {

    static final long GUILD = 100;
    static final long KICK_ROLE = 200;
    static final long ADMIN_ROLE = 300;
    static final long STAFF_ROLE = 400;
    static final long HIDDEN = 500;
    static final long OPEN = 501;
    static final long VIEW = Permission.VIEW_CHANNEL.bit();
    static final long SEND = Permission.SEND_MESSAGES.bit();
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    static final GuildMember OWNER = GuildMember.of(1);
    static final GuildMember PLAIN = GuildMember.of(2);
    static final GuildMember KICKER = GuildMember.of(3, KICK_ROLE);
    static final GuildMember ADMIN = GuildMember.of(4, ADMIN_ROLE);
    static final GuildMember STAFF = GuildMember.of(5, STAFF_ROLE, KICK_ROLE);
    static final GuildMember TIMED_OUT = GuildMember.of(6, STAFF_ROLE).timedOutUntil(NOW.plus(Duration.ofHours(1)));
    static final GuildMember ALLOWED = GuildMember.of(7);
    static final List<GuildMember> MEMBERS = List.of(OWNER, PLAIN, KICKER, ADMIN, STAFF, TIMED_OUT, ALLOWED);

    static List<GuildRole> roles() {
        return List.of(
                new GuildRole(GUILD, 0, VIEW | SEND | Permission.READ_MESSAGE_HISTORY.bit()),
                new GuildRole(KICK_ROLE, 1, Permission.KICK_MEMBERS.bit()),
                new GuildRole(ADMIN_ROLE, 2, Permission.ADMINISTRATOR.bit()),
                new GuildRole(STAFF_ROLE, 3, Permission.MANAGE_CHANNELS.bit()));
    }

    static Map<Long, List<Overwrite>> channels() {
        return Map.of(
                HIDDEN,
                List.of(
                        new Overwrite(GUILD, Overwrite.Type.ROLE, 0, VIEW),
                        new Overwrite(STAFF_ROLE, Overwrite.Type.ROLE, VIEW, 0),
                        new Overwrite(ALLOWED.userId(), Overwrite.Type.MEMBER, VIEW, SEND)),
                OPEN,
                List.of());
    }

    static AuthorizationSnapshot snapshot(long owner, List<GuildRole> roles, Map<Long, List<Overwrite>> channels) {
        return new AuthorizationSnapshot(Snowflake.of(GUILD), owner, roles, channels);
    }

    @Test
    void answersAsThePermissionEngineForOwnersAdministratorsRolesOverwritesAndTimeouts() {
        LocalGuild guild = new LocalGuild(snapshot(OWNER.userId(), roles(), channels()));
        List<Overwrite> hidden = guild.channel(HIDDEN);

        assertThat(guild.permissions(OWNER, hidden, NOW)).isEqualTo(Permission.ALL);
        assertThat(guild.permissions(ADMIN, hidden, NOW))
                .as("overwrites do not bind")
                .isEqualTo(Permission.ALL);
        assertThat(guild.permissions(PLAIN, hidden, NOW)).isZero();
        assertThat(guild.permissions(KICKER, null, NOW) & Permission.KICK_MEMBERS.bit())
                .isNotZero();
        assertThat(guild.permissions(STAFF, hidden, NOW) & (VIEW | SEND)).isEqualTo(VIEW | SEND);
        assertThat(guild.permissions(ALLOWED, hidden, NOW) & (VIEW | SEND)).isEqualTo(VIEW);
        assertThat(guild.permissions(TIMED_OUT, hidden, NOW)).isEqualTo(VIEW | Permission.READ_MESSAGE_HISTORY.bit());
        assertThat(guild.holding(MEMBERS, hidden, VIEW, NOW))
                .extracting(Snowflake::value)
                .containsExactlyInAnyOrder(1L, 4L, 5L, 6L, 7L);
        GuildPermissions engine = new GuildPermissions(GUILD, OWNER.userId(), roles());
        for (GuildMember member : MEMBERS) {
            assertThat(guild.permissions(member, null, NOW)).isEqualTo(engine.base(member, NOW));
            for (List<Overwrite> overwrites : channels().values()) {
                assertThat(guild.permissions(member, overwrites, NOW))
                        .isEqualTo(engine.inChannel(member, overwrites, NOW));
            }
        }
    }

    @Test
    void eventsChangeTheGuildAsAFreshSnapshotOfTheNewStateWouldAndFetchNothing() {
        AtomicInteger fetches = new AtomicInteger();
        LocalGuilds guilds = new LocalGuilds(
                id -> Mono.fromSupplier(() -> {
                    fetches.incrementAndGet();
                    return snapshot(OWNER.userId(), roles(), channels());
                }),
                id -> true);
        ConnectedMembers members = new ConnectedMembers(ids -> Mono.just(List.of()), id -> false, id -> {});
        GuildChanges changes = new GuildChanges(guilds, members);
        LocalGuild held = guilds.get(Snowflake.of(GUILD)).block();

        changes.apply(event(
                "GUILD_ROLE_UPDATE",
                "{\"guild_id\":\"100\",\"role\":{\"id\":\"200\",\"name\":\"kick\",\"position\":1,"
                        + "\"permissions\":\"" + (Permission.KICK_MEMBERS.bit() | Permission.VIEW_AUDIT_LOG.bit())
                        + "\"}}"));
        changes.apply(event("GUILD_ROLE_DELETE", "{\"guild_id\":\"100\",\"role_id\":\"300\"}"));
        changes.apply(event(
                "GUILD_ROLE_CREATE",
                "{\"guild_id\":\"100\",\"role\":{\"id\":\"600\",\"position\":4,\"permissions\":\"8\"}}"));
        changes.apply(event(
                "CHANNEL_UPDATE",
                "{\"id\":\"500\",\"guild_id\":\"100\",\"type\":0,\"permission_overwrites\":["
                        + "{\"id\":\"100\",\"type\":0,\"allow\":\"0\",\"deny\":\"1024\"},"
                        + "{\"id\":\"2\",\"type\":1,\"allow\":\"1024\",\"deny\":\"0\"}]}"));
        changes.apply(event("CHANNEL_DELETE", "{\"id\":\"501\",\"guild_id\":\"100\",\"permission_overwrites\":[]}"));
        changes.apply(event(
                "CHANNEL_CREATE",
                "{\"id\":\"502\",\"guild_id\":\"100\",\"permission_overwrites\":["
                        + "{\"id\":\"200\",\"type\":0,\"allow\":\"0\",\"deny\":\"1024\"}]}"));
        changes.apply(event("GUILD_UPDATE", "{\"id\":\"100\",\"name\":\"x\",\"owner_id\":\"2\"}"));

        List<GuildRole> roles = new ArrayList<>(roles());
        roles.set(1, new GuildRole(KICK_ROLE, 1, Permission.KICK_MEMBERS.bit() | Permission.VIEW_AUDIT_LOG.bit()));
        roles.remove(2);
        roles.add(new GuildRole(600, 4, Permission.ADMINISTRATOR.bit()));
        Map<Long, List<Overwrite>> channels = new HashMap<>();
        channels.put(
                HIDDEN,
                List.of(
                        new Overwrite(GUILD, Overwrite.Type.ROLE, 0, VIEW),
                        new Overwrite(2, Overwrite.Type.MEMBER, VIEW, 0)));
        channels.put(502L, List.of(new Overwrite(KICK_ROLE, Overwrite.Type.ROLE, 0, VIEW)));
        LocalGuild fresh = new LocalGuild(snapshot(2, roles, channels));

        assertThat(held.channel(OPEN)).isNull();
        for (GuildMember member : MEMBERS) {
            assertThat(held.permissions(member, null, NOW))
                    .as("guild-wide, %s", member)
                    .isEqualTo(fresh.permissions(member, null, NOW));
            for (long channel : List.of(HIDDEN, 502L)) {
                assertThat(held.permissions(member, held.channel(channel), NOW))
                        .as("in %s, %s", channel, member)
                        .isEqualTo(fresh.permissions(member, fresh.channel(channel), NOW));
            }
        }
        assertThat(held.permissions(PLAIN, null, NOW)).as("the new owner").isEqualTo(Permission.ALL);
        assertThat(fetches).hasValue(1);
    }

    @Test
    void aPublicThreadTakesItsParentsAudienceAndAPrivateOneIsKnownForWhatItIs() {
        LocalGuild guild = new LocalGuild(new AuthorizationSnapshot(
                Snowflake.of(GUILD),
                OWNER.userId(),
                roles(),
                channels(),
                Set.of(),
                Map.of(600L, new ThreadPlace(HIDDEN, false), 601L, new ThreadPlace(HIDDEN, true))));
        LocalGuilds guilds =
                new LocalGuilds(id -> Mono.just(snapshot(OWNER.userId(), roles(), channels())), id -> true);
        GuildChanges changes =
                new GuildChanges(guilds, new ConnectedMembers(ids -> Mono.just(List.of()), id -> false, id -> {}));
        LocalGuild held = guilds.get(Snowflake.of(GUILD)).block();

        changes.apply(
                event("THREAD_CREATE", "{\"id\":\"700\",\"guild_id\":\"100\",\"parent_id\":\"501\",\"type\":11}"));
        changes.apply(
                event("THREAD_CREATE", "{\"id\":\"701\",\"guild_id\":\"100\",\"parent_id\":\"501\",\"type\":12}"));
        changes.apply(
                event("THREAD_CREATE", "{\"id\":\"702\",\"guild_id\":\"100\",\"parent_id\":\"501\",\"type\":11}"));
        changes.apply(
                event("THREAD_DELETE", "{\"id\":\"702\",\"guild_id\":\"100\",\"parent_id\":\"501\",\"type\":11}"));

        assertThat(guild.channel(600)).isEqualTo(guild.channel(HIDDEN));
        assertThat(guild.channel(601))
                .as("a private thread's audience needs its members")
                .isNull();
        assertThat(guild.isPrivateThread(601)).isTrue();
        assertThat(guild.isPrivateThread(600)).isFalse();
        assertThat(held.channel(700)).isEqualTo(held.channel(OPEN));
        assertThat(held.isPrivateThread(701)).isTrue();
        assertThat(held.channel(702)).as("deleted").isNull();
        assertThat(held.isPrivateThread(702)).isFalse();
    }

    @Test
    void aChangeThatCannotBeReadDropsTheGuildToBeFetchedAgain() {
        AtomicInteger fetches = new AtomicInteger();
        LocalGuilds guilds = new LocalGuilds(
                id -> Mono.fromSupplier(() -> {
                    fetches.incrementAndGet();
                    return snapshot(OWNER.userId(), roles(), channels());
                }),
                id -> true);
        GuildChanges changes =
                new GuildChanges(guilds, new ConnectedMembers(ids -> Mono.just(List.of()), id -> false, id -> {}));
        guilds.get(Snowflake.of(GUILD)).block();

        changes.apply(event("CHANNEL_UPDATE", "{\"id\":\"500\",\"guild_id\":\"100\"}"));

        assertThat(guilds.holds(Snowflake.of(GUILD))).isFalse();
        guilds.get(Snowflake.of(GUILD)).block();
        assertThat(fetches).hasValue(2);
    }

    static EventEnvelope event(String type, String data) {
        return new EventEnvelope(
                Snowflake.of(EVENT_IDS.incrementAndGet()),
                type,
                null,
                "test",
                Audience.guild(Snowflake.of(GUILD)),
                Json.mapper().readTree(data));
    }

    private static final AtomicInteger EVENT_IDS = new AtomicInteger(1000);
}
