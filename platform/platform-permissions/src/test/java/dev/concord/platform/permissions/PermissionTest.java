package dev.concord.platform.permissions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PermissionTest {

    /** The platform's published values, as decimal strings the way they travel. */
    static Stream<Arguments> publishedValues() {
        return Stream.of(
                Arguments.of(Permission.CREATE_INSTANT_INVITE, "1"),
                Arguments.of(Permission.ADMINISTRATOR, "8"),
                Arguments.of(Permission.MANAGE_CHANNELS, "16"),
                Arguments.of(Permission.MANAGE_GUILD, "32"),
                Arguments.of(Permission.VIEW_CHANNEL, "1024"),
                Arguments.of(Permission.SEND_MESSAGES, "2048"),
                Arguments.of(Permission.MENTION_EVERYONE, "131072"),
                Arguments.of(Permission.CONNECT, "1048576"),
                Arguments.of(Permission.MUTE_MEMBERS, "4194304"),
                Arguments.of(Permission.MOVE_MEMBERS, "16777216"),
                Arguments.of(Permission.MANAGE_ROLES, "268435456"),
                Arguments.of(Permission.MANAGE_WEBHOOKS, "536870912"),
                Arguments.of(Permission.MANAGE_GUILD_EXPRESSIONS, "1073741824"),
                Arguments.of(Permission.USE_APPLICATION_COMMANDS, "2147483648"),
                Arguments.of(Permission.REQUEST_TO_SPEAK, "4294967296"),
                Arguments.of(Permission.MODERATE_MEMBERS, "1099511627776"),
                Arguments.of(Permission.CREATE_GUILD_EXPRESSIONS, "8796093022208"),
                Arguments.of(Permission.SEND_VOICE_MESSAGES, "70368744177664"),
                Arguments.of(Permission.SET_VOICE_CHANNEL_STATUS, "281474976710656"),
                Arguments.of(Permission.SEND_POLLS, "562949953421312"),
                Arguments.of(Permission.USE_EXTERNAL_APPS, "1125899906842624"),
                Arguments.of(Permission.PIN_MESSAGES, "2251799813685248"),
                Arguments.of(Permission.BYPASS_SLOWMODE, "4503599627370496"));
    }

    @ParameterizedTest
    @MethodSource("publishedValues")
    void everyFlagHasThePlatformsValue(Permission permission, String value) {
        assertThat(Long.toString(permission.bit())).isEqualTo(value);
    }

    @Test
    void allIsEveryDefinedFlagAndNothingElse() {
        assertThat(Long.bitCount(Permission.ALL)).isEqualTo(Permission.values().length);
        assertThat(Permission.ALL & Permission.bits(Permission.values())).isEqualTo(Permission.ALL);
        assertThat(Permission.ALL & (1L << 47)).as("bit 47 is retired").isZero();
    }
}
