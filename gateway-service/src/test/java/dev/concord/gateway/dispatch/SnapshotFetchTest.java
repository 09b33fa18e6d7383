package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.guilds.AuthorizationSnapshot;
import dev.concord.platform.guilds.Membership;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Permission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A cold guild or a newly connected user is fetched once however many events wait for it, and the
 * changes that come while the fetch is out are applied after it, once each, in order.
 */
class SnapshotFetchTest {

    static final Snowflake GUILD = Snowflake.of(100);
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    static final long KICK = Permission.KICK_MEMBERS.bit();

    @Test
    void concurrentEventsShareOneGuildFetchAndChangesMeanwhileApplyAfterIt() {
        List<Sinks.One<AuthorizationSnapshot>> fetches = new CopyOnWriteArrayList<>();
        LocalGuilds guilds = new LocalGuilds(
                id -> {
                    Sinks.One<AuthorizationSnapshot> sink = Sinks.one();
                    fetches.add(sink);
                    return sink.asMono();
                },
                id -> true);
        List<LocalGuild> got = new CopyOnWriteArrayList<>();

        guilds.get(GUILD).subscribe(got::add);
        guilds.get(GUILD).subscribe(got::add);
        // A role change consumed while the snapshot is out, which the snapshot may or may not hold.
        guilds.apply(GUILD, guild -> guild.putRole(new GuildRole(200, 1, KICK)));
        assertThat(fetches).hasSize(1);
        assertThat(got).isEmpty();

        fetches.get(0).tryEmitValue(snapshot(new GuildRole(200, 1, 0)));

        assertThat(got).hasSize(2);
        assertThat(got.get(0)).isSameAs(got.get(1));
        assertThat(got.get(0).permissions(GuildMember.of(2, 200), null, NOW) & KICK)
                .as("the change applied over the older snapshot")
                .isEqualTo(KICK);
        guilds.get(GUILD).block();
        assertThat(fetches).as("held now").hasSize(1);
    }

    @Test
    void aFailedGuildFetchIsNotKeptAndAChangeToAGuildNotHeldIsDropped() {
        List<Sinks.One<AuthorizationSnapshot>> fetches = new CopyOnWriteArrayList<>();
        LocalGuilds guilds = new LocalGuilds(
                id -> {
                    Sinks.One<AuthorizationSnapshot> sink = Sinks.one();
                    fetches.add(sink);
                    return sink.asMono();
                },
                id -> true);
        guilds.apply(GUILD, guild -> {
            throw new AssertionError("not held: the snapshot fetched later is newer");
        });
        Mono<LocalGuild> first = guilds.get(GUILD);
        List<Throwable> failures = new ArrayList<>();
        first.subscribe(guild -> {}, failures::add);

        fetches.get(0).tryEmitError(new IllegalStateException("guild-service down"));

        assertThat(failures).hasSize(1);
        guilds.get(GUILD).subscribe();
        assertThat(fetches).hasSize(2);
    }

    @Test
    void usersArrivingAreFetchedInBatchesAndEventsWaitForThem() {
        Set<Snowflake> connected = new HashSet<>();
        List<List<Snowflake>> asked = new CopyOnWriteArrayList<>();
        List<Sinks.One<List<Membership>>> answers = new CopyOnWriteArrayList<>();
        List<Snowflake> emptied = new CopyOnWriteArrayList<>();
        ConnectedMembers members = new ConnectedMembers(
                ids -> {
                    asked.add(ids);
                    Sinks.One<List<Membership>> sink = Sinks.one();
                    answers.add(sink);
                    return sink.asMono();
                },
                connected::contains,
                emptied::add);

        arrive(members, connected, 1);
        arrive(members, connected, 2);
        arrive(members, connected, 3);
        List<String> ready = new CopyOnWriteArrayList<>();
        members.ready().subscribe(null, error -> ready.add("failed"), () -> ready.add("first"));
        members.ready().subscribe(null, error -> ready.add("failed"), () -> ready.add("second"));
        // User 2's role change while their fetch is out; user 3 leaves the guild meanwhile.
        members.upsert(GUILD, GuildMember.of(2, 200));
        members.remove(GUILD, Snowflake.of(3));
        assertThat(asked).containsExactly(List.of(Snowflake.of(1)));
        assertThat(ready).isEmpty();

        answers.get(0).tryEmitValue(List.of(new Membership(GUILD, GuildMember.of(1))));
        assertThat(asked).as("those who came meanwhile, in one request").hasSize(2);
        assertThat(asked.get(1)).containsExactly(Snowflake.of(2), Snowflake.of(3));
        assertThat(ready).isEmpty();
        answers.get(1)
                .tryEmitValue(
                        List.of(new Membership(GUILD, GuildMember.of(2)), new Membership(GUILD, GuildMember.of(3))));

        assertThat(ready).containsExactlyInAnyOrder("first", "second");
        assertThat(members.of(GUILD)).containsExactlyInAnyOrder(GuildMember.of(1), GuildMember.of(2, 200));

        connected.remove(Snowflake.of(1));
        members.sessionsChanged(Snowflake.of(1));
        assertThat(emptied).isEmpty();
        connected.remove(Snowflake.of(2));
        members.sessionsChanged(Snowflake.of(2));
        assertThat(emptied).as("no member here any more: dropped").containsExactly(GUILD);
        assertThat(members.users()).isEqualTo(1);
        assertThat(members.guilds()).isZero();
        assertThat(asked).hasSize(2);
    }

    @Test
    void aFailedUserFetchFailsTheWaitingEventsAndIsAskedAgainByTheNext() {
        Set<Snowflake> connected = new HashSet<>();
        List<Sinks.One<List<Membership>>> answers = new CopyOnWriteArrayList<>();
        ConnectedMembers members = new ConnectedMembers(
                ids -> {
                    Sinks.One<List<Membership>> sink = Sinks.one();
                    answers.add(sink);
                    return sink.asMono();
                },
                connected::contains,
                id -> {});
        arrive(members, connected, 1);
        Mono<Void> ready = members.ready();
        List<Throwable> failures = new ArrayList<>();
        ready.subscribe(null, failures::add);

        answers.get(0).tryEmitError(new IllegalStateException("guild-service down"));

        assertThat(failures).hasSize(1);
        assertThat(answers).as("not asked again in a loop").hasSize(1);
        members.ready().subscribe();
        assertThat(answers).hasSize(2);
        answers.get(1).tryEmitValue(List.of(new Membership(GUILD, GuildMember.of(1, 200))));
        assertThat(members.of(GUILD)).containsExactly(GuildMember.of(1, 200));
        members.ready().block();
    }

    private static void arrive(ConnectedMembers members, Set<Snowflake> connected, long userId) {
        connected.add(Snowflake.of(userId));
        members.sessionsChanged(Snowflake.of(userId));
    }

    private static AuthorizationSnapshot snapshot(GuildRole... roles) {
        List<GuildRole> all = new ArrayList<>(List.of(roles));
        all.add(new GuildRole(GUILD.value(), 0, 0));
        return new AuthorizationSnapshot(GUILD, 1, all, Map.of());
    }
}
