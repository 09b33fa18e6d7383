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

    /**
     * The timeout of a member auto moderation quarantined (member flag 128, AUTOMOD_QUARANTINED_USERNAME):
     * like one timed out, they keep only reading until their names pass the guild's rules again.
     */
    public static final Instant QUARANTINED = Instant.MAX;

    /** Member flag AUTOMOD_QUARANTINED_USERNAME. */
    public static final int QUARANTINED_FLAG = 1 << 7;

    /** {@code communication_disabled_until} as the engine reads it, given the member's {@code flags}. */
    public static @Nullable Instant timeoutOf(@Nullable Instant communicationDisabledUntil, int flags) {
        return (flags & QUARANTINED_FLAG) != 0 ? QUARANTINED : communicationDisabledUntil;
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
