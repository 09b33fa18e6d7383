package dev.concord.guild.roles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.permissions.GuildRole;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoleOrderTest {

    static final long EVERYONE = 1;

    static GuildRole role(long id, int position) {
        return new GuildRole(id, position, 0);
    }

    @Test
    void movingDownPutsTheRoleExactlyThereAndLiftsThoseItPasses() {
        List<GuildRole> roles = List.of(role(EVERYONE, 0), role(10, 1), role(11, 2), role(12, 3), role(13, 4));

        Map<Long, Integer> positions = RoleOrder.reorder(roles, EVERYONE, Map.of(13L, 2));

        assertThat(positions)
                .containsExactly(Map.entry(10L, 1), Map.entry(13L, 2), Map.entry(11L, 3), Map.entry(12L, 4));
        assertThat(RoleOrder.changed(roles, positions)).isEqualTo(Map.of(13L, 2, 11L, 3, 12L, 4));
    }

    @Test
    void movingUpPutsTheRoleExactlyThereAndLowersThoseItPasses() {
        List<GuildRole> roles = List.of(role(EVERYONE, 0), role(10, 1), role(11, 2), role(12, 3), role(13, 4));

        Map<Long, Integer> positions = RoleOrder.reorder(roles, EVERYONE, Map.of(10L, 3));

        assertThat(positions)
                .containsExactly(Map.entry(11L, 1), Map.entry(12L, 2), Map.entry(10L, 3), Map.entry(13L, 4));
    }

    @Test
    void aFullListIsTakenAsSentAndPositionsOutOfRangeAreClamped() {
        List<GuildRole> roles = List.of(role(EVERYONE, 0), role(10, 1), role(11, 2), role(12, 3));

        assertThat(RoleOrder.reorder(roles, EVERYONE, Map.of(10L, 3, 11L, 1, 12L, 2)))
                .containsExactly(Map.entry(11L, 1), Map.entry(12L, 2), Map.entry(10L, 3));
        assertThat(RoleOrder.reorder(roles, EVERYONE, Map.of(10L, 99)))
                .containsExactly(Map.entry(11L, 1), Map.entry(12L, 2), Map.entry(10L, 3));
        assertThat(RoleOrder.reorder(roles, EVERYONE, Map.of(12L, 0)))
                .containsExactly(Map.entry(12L, 1), Map.entry(10L, 2), Map.entry(11L, 3));
    }

    @Test
    void tiedRolesKeepTheirOrderOlderAboveAndAreNumberedApart() {
        // Roles made one after the other all start at position 1; the newest sits lowest.
        List<GuildRole> roles = List.of(role(EVERYONE, 0), role(10, 1), role(11, 1), role(12, 1));

        Map<Long, Integer> positions = RoleOrder.reorder(roles, EVERYONE, Map.of());

        assertThat(positions).containsExactly(Map.entry(12L, 1), Map.entry(11L, 2), Map.entry(10L, 3));
        assertThat(RoleOrder.changed(roles, positions)).isEqualTo(Map.of(11L, 2, 10L, 3));
    }
}
