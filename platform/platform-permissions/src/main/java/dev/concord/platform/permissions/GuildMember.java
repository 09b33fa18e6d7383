package dev.concord.platform.permissions;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the permission engine needs of a member: who they are, their roles (@everyone is implied, never
 * listed) and whether they are timed out.
 *
 * @param timedOutUntil {@code communication_disabled_until}
 */
public record GuildMember(
        long userId, long[] roleIds, @Nullable Instant timedOutUntil) {

    public GuildMember {
        roleIds = roleIds.clone();
    }

    public static GuildMember of(long userId, long... roleIds) {
        return new GuildMember(userId, roleIds, null);
    }

    public GuildMember timedOutUntil(@Nullable Instant until) {
        return new GuildMember(userId, roleIds, until);
    }

    public boolean isTimedOutAt(Instant now) {
        return timedOutUntil != null && timedOutUntil.isAfter(now);
    }

    @Override
    public long[] roleIds() {
        return roleIds.clone();
    }

    /** The roles without a copy, for the engine's loops; never handed out of this package. */
    long[] roleIdArray() {
        return roleIds;
    }

    boolean hasRole(long roleId) {
        for (long id : roleIds) {
            if (id == roleId) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GuildMember m
                && m.userId == userId
                && Arrays.equals(m.roleIds, roleIds)
                && Objects.equals(m.timedOutUntil, timedOutUntil);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(userId) * 31 + Arrays.hashCode(roleIds);
    }

    @Override
    public String toString() {
        return "GuildMember[userId=" + userId + ", roleIds=" + Arrays.toString(roleIds) + ", timedOutUntil="
                + timedOutUntil + "]";
    }
}
