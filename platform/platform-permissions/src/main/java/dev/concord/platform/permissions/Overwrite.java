package dev.concord.platform.permissions;

/**
 * A channel's permission overwrite for one role or one member: bits it allows and bits it denies.
 *
 * @param id the role's id (the guild's id for @everyone) or the member's user id
 */
public record Overwrite(long id, Type type, long allow, long deny) {

    /** The wire values of an overwrite's {@code type}. */
    public enum Type {
        ROLE,
        MEMBER;

        public int wireValue() {
            return ordinal();
        }

        /** The type of a wire value, or null for a value the platform does not define. */
        public static Type ofWireValue(int value) {
            return value == 0 ? ROLE : value == 1 ? MEMBER : null;
        }
    }
}
