package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.guilds.Membership;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** What events wait for, and the member snapshots they are resolved against. */
class ConnectedMembersTest {

    private static final Snowflake GUILD = Snowflake.of(10);
    private static final Snowflake ALICE = Snowflake.of(1);
    private static final Snowflake BOB = Snowflake.of(2);

    private final Set<Snowflake> connected = new HashSet<>();
    private final List<Sinks.One<List<Membership>>> fetches = new ArrayList<>();
    private final ConnectedMembers members = new ConnectedMembers(
            users -> {
                Sinks.One<List<Membership>> answer = Sinks.one();
                fetches.add(answer);
                return answer.asMono();
            },
            connected::contains,
            guild -> {});

    @Test
    void eventsWaitOnlyWhileAUserIsBeingFetched() {
        connect(ALICE);
        StepVerifier.create(members.ready())
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(50))
                .thenCancel()
                .verify();

        answer(0, ALICE);

        StepVerifier.create(members.ready()).expectComplete().verify(Duration.ofSeconds(1));
        assertThat(members.userIds(GUILD)).containsExactly(ALICE);
    }

    @Test
    void aFetchedUserWhoLeftIsNotWaitedFor() {
        connect(ALICE);
        connected.remove(ALICE);
        members.sessionsChanged(ALICE);

        StepVerifier.create(members.ready()).expectComplete().verify(Duration.ofSeconds(1));
    }

    @Test
    void aSnapshotIsSharedUntilTheGuildsMembersChange() {
        connect(ALICE);
        answer(0, ALICE);
        connect(BOB);
        answer(1, BOB);

        Set<Snowflake> both = members.userIds(GUILD);
        assertThat(both).containsExactlyInAnyOrder(ALICE, BOB);
        assertThat(members.userIds(GUILD)).isSameAs(both);
        assertThat(members.of(GUILD)).isSameAs(members.of(GUILD)).hasSize(2);

        members.remove(GUILD, BOB);

        assertThat(members.userIds(GUILD)).containsExactly(ALICE);
        assertThat(members.of(GUILD)).extracting(GuildMember::userId).containsExactly(ALICE.value());
        assertThat(both).as("a snapshot handed out never changes").containsExactlyInAnyOrder(ALICE, BOB);

        members.upsert(GUILD, member(BOB));
        assertThat(members.userIds(GUILD)).containsExactlyInAnyOrder(ALICE, BOB);
    }

    private void connect(Snowflake user) {
        connected.add(user);
        members.sessionsChanged(user);
    }

    private void answer(int fetch, Snowflake user) {
        fetches.get(fetch).tryEmitValue(List.of(new Membership(GUILD, member(user))));
    }

    private static GuildMember member(Snowflake user) {
        return new GuildMember(user.value(), new long[0], null);
    }
}
