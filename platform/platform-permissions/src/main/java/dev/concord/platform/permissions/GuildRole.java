package dev.concord.platform.permissions;

/**
 * What the permission engine needs of a role: its permissions and its place in the hierarchy.
 * The @everyone role has the guild's id.
 */
public record GuildRole(long id, int position, long permissions) {

    /**
     * True when this role sits above {@code other}: a higher position, or on a tie the older role (the
     * lower id), as the platform's clients order roles.
     */
    public boolean isAbove(GuildRole other) {
        if (position != other.position) {
            return position > other.position;
        }
        return id < other.id;
    }
}
