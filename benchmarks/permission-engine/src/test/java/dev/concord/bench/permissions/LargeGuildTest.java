package dev.concord.bench.permissions;

import static dev.concord.platform.permissions.Permission.ADMINISTRATOR;
import static dev.concord.platform.permissions.Permission.VIEW_CHANNEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Overwrite.Type;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The benchmark's guild is what it claims, and the engine's answers in it are the documented ones. */
class LargeGuildTest {

    final ChannelPermissionsBenchmark benchmark = benchmark();

    static ChannelPermissionsBenchmark benchmark() {
        ChannelPermissionsBenchmark benchmark = new ChannelPermissionsBenchmark();
        benchmark.setUp();
        return benchmark;
    }

    @Test
    void hasTheClaimedSize() {
        LargeGuild guild = benchmark.guild;
        assertThat(guild.roles()).hasSize(250);
        assertThat(guild.roles())
                .extracting(GuildRole::position)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, 250).boxed().toList());
        assertThat(guild.roles())
                .filteredOn(r -> r.id() == guild.guildId())
                .extracting(GuildRole::position)
                .containsExactly(0);
        assertThat(guild.roles()).extracting(GuildRole::id).doesNotHaveDuplicates();
        assertThat(guild.channels()).hasSize(500).allSatisfy(overwrites -> assertThat(overwrites)
                .hasSizeBetween(0, 10));
        assertThat(guild.channels())
                .allSatisfy(overwrites ->
                        assertThat(overwrites).extracting(Overwrite::id).doesNotHaveDuplicates());
    }

    @Test
    void theMemberHoldsTwentyRolesOfTheGuildAndNoShortcut() {
        LargeGuild guild = benchmark.guild;
        long[] held = guild.member().roleIds();
        assertThat(held).hasSize(20).doesNotHaveDuplicates().doesNotContain(guild.guildId());
        assertThat(Arrays.stream(held).mapToObj(benchmark.permissions::role))
                .doesNotContainNull()
                .allSatisfy(role ->
                        assertThat(role.permissions() & ADMINISTRATOR.bit()).isZero());
        assertThat(guild.member().userId()).isNotEqualTo(guild.ownerId());
        assertThat(guild.member().isTimedOutAt(benchmark.now)).isFalse();
    }

    @Test
    void theChannelsMixWhatTheEngineMustWeigh() {
        List<List<Overwrite>> channels = benchmark.guild.channels();
        long[] held = benchmark.guild.member().roleIds();
        assertThat(channels)
                .filteredOn(o -> o.stream().anyMatch(w -> w.id() == benchmark.guild.guildId()))
                .hasSizeGreaterThan(300);
        assertThat(channels)
                .filteredOn(o -> o.stream().anyMatch(w -> w.type() == Type.ROLE && contains(held, w.id())))
                .hasSizeGreaterThan(200);
        assertThat(channels)
                .filteredOn(o -> o.stream()
                        .anyMatch(w -> w.id() == benchmark.guild.member().userId()))
                .hasSizeGreaterThan(10);
        long visible = channels.stream()
                .filter(o -> (benchmark.permissions.inChannel(benchmark.guild.member(), o, benchmark.now)
                                & VIEW_CHANNEL.bit())
                        != 0)
                .count();
        assertThat(visible).isBetween(100L, 490L);
    }

    @Test
    void everyChannelMatchesTheReferenceComputation() {
        LargeGuild guild = benchmark.guild;
        for (List<Overwrite> overwrites : guild.channels()) {
            assertThat(benchmark.permissions.inChannel(guild.member(), overwrites, benchmark.now))
                    .isEqualTo(ReferencePermissions.inChannel(guild, overwrites));
        }
        assertThat(benchmark.base()).isEqualTo(ReferencePermissions.base(guild));
    }

    @Test
    void theBenchmarksComputeTheNextChannelEachCall() {
        ChannelPermissionsBenchmark fresh = benchmark();
        for (int call = 0; call < 1_000; call++) {
            List<Overwrite> channel = fresh.guild.channels().get(call % 500);
            long expected = ReferencePermissions.inChannel(fresh.guild, channel);
            assertThat(call % 2 == 0 ? fresh.inChannel() : fresh.rebuildThenInChannel())
                    .isEqualTo(expected);
        }
    }

    static boolean contains(long[] ids, long id) {
        return Arrays.stream(ids).anyMatch(held -> held == id);
    }
}
