package dev.concord.guild.roles;

import dev.concord.platform.permissions.GuildRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The order of a guild's roles, bottom to top, and what a reorder does to it. Each moved role is taken
 * out and put in at the place it asked for, so "move to 2" means exactly that and the roles it passes
 * close up, whichever way it moves. Positions are then numbered 1, 2, ... from the bottom (@everyone
 * stays at 0 and never moves).
 */
final class RoleOrder {

    /** Bottom first: a lower position, or on a tie the newer role (a higher id), as {@link GuildRole#isAbove}. */
    static final Comparator<GuildRole> BOTTOM_FIRST = (a, b) -> a == b ? 0 : a.isAbove(b) ? 1 : -1;

    private RoleOrder() {}

    /**
     * The new position of every role except @everyone after the moves in {@code requested} (role id to
     * asked-for position); roles keep their relative order otherwise.
     */
    static Map<Long, Integer> reorder(List<GuildRole> roles, long everyoneId, Map<Long, Integer> requested) {
        List<GuildRole> rest = new ArrayList<>();
        List<GuildRole> moving = new ArrayList<>();
        for (GuildRole role : roles) {
            if (role.id() != everyoneId) {
                (requested.containsKey(role.id()) ? moving : rest).add(role);
            }
        }
        rest.sort(BOTTOM_FIRST);
        moving.sort(Comparator.<GuildRole>comparingInt(role -> requested.get(role.id()))
                .thenComparing(BOTTOM_FIRST));
        for (GuildRole role : moving) {
            // Only requested roles are moving.
            int index = Math.max(0, Math.min(Objects.requireNonNull(requested.get(role.id())) - 1, rest.size()));
            rest.add(index, role);
        }
        Map<Long, Integer> positions = new LinkedHashMap<>();
        for (int i = 0; i < rest.size(); i++) {
            positions.put(rest.get(i).id(), i + 1);
        }
        return positions;
    }

    /**
     * The position of every role except @everyone once a new role takes position 1: the others keep their
     * order and are numbered from 2 up, so no two roles share a position (and gaps close), as on the
     * platform.
     */
    static Map<Long, Integer> aboveANewRole(List<GuildRole> roles, long everyoneId) {
        List<GuildRole> rest = new ArrayList<>();
        for (GuildRole role : roles) {
            if (role.id() != everyoneId) {
                rest.add(role);
            }
        }
        rest.sort(BOTTOM_FIRST);
        Map<Long, Integer> positions = new LinkedHashMap<>();
        for (int i = 0; i < rest.size(); i++) {
            positions.put(rest.get(i).id(), i + 2);
        }
        return positions;
    }

    /** The roles whose position differs in {@code positions}, with their new position. */
    static Map<Long, Integer> changed(List<GuildRole> roles, Map<Long, Integer> positions) {
        Map<Long, Integer> changed = new HashMap<>();
        for (GuildRole role : roles) {
            Integer position = positions.get(role.id());
            if (position != null && position != role.position()) {
                changed.put(role.id(), position);
            }
        }
        return changed;
    }
}
