package dev.concord.platform.permissions;

/**
 * What the engine needs of a thread besides its parent's overwrites: whether it is private (type 12)
 * and whether the member asked about has joined it.
 */
public record ThreadAccess(boolean isPrivate, boolean member) {

    /** The wire type of a private thread. */
    public static final int PRIVATE_THREAD = 12;

    public static ThreadAccess of(int type, boolean member) {
        return new ThreadAccess(type == PRIVATE_THREAD, member);
    }
}
