package dev.concord.platform.permissions;

import org.jspecify.annotations.Nullable;

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

        /** The type of a wire value; null for a value the platform does not define. */
        public static @Nullable Type ofWireValue(int value) {
            return value == 0 ? ROLE : value == 1 ? MEMBER : null;
        }

        /** The type of a wire value already checked: stored, or validated. */
        public static Type of(int value) {
            Type type = ofWireValue(value);
            if (type == null) {
                throw new IllegalArgumentException("not an overwrite type: " + value);
            }
            return type;
        }
    }
}
