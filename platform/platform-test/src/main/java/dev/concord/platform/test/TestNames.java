package dev.concord.platform.test;

import java.util.Locale;

/** Readable, PostgreSQL-safe names derived from test classes. */
final class TestNames {

    /** PostgreSQL silently truncates identifiers beyond this many bytes. */
    static final int MAX_IDENTIFIER = 63;

    private TestNames() {}

    /**
     * {@code UserSettingsIT} with slice 7 becomes {@code user_settings_it_7}; a nested class keeps
     * its enclosing class's name ({@code outer_it_inner_8}). The slice number keeps names unique
     * even when truncation makes two prefixes equal.
     */
    static String database(Class<?> testClass, int slice) {
        String suffix = "_" + slice;
        String base = snakeCase(
                testClass.getName().substring(testClass.getPackageName().length()));
        if (base.isEmpty() || !Character.isLetter(base.charAt(0))) {
            base = "t" + base;
        }
        int room = MAX_IDENTIFIER - suffix.length();
        return (base.length() > room ? base.substring(0, room) : base) + suffix;
    }

    private static String snakeCase(String name) {
        String words = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
                .replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "_");
        return words.replaceAll("^_+|_+$", "");
    }
}
