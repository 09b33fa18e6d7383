package dev.concord.platform.permissions;

import static dev.concord.platform.permissions.Permission.ADD_REACTIONS;
import static dev.concord.platform.permissions.Permission.ADMINISTRATOR;
import static dev.concord.platform.permissions.Permission.ATTACH_FILES;
import static dev.concord.platform.permissions.Permission.CHANGE_NICKNAME;
import static dev.concord.platform.permissions.Permission.CONNECT;
import static dev.concord.platform.permissions.Permission.EMBED_LINKS;
import static dev.concord.platform.permissions.Permission.KICK_MEMBERS;
import static dev.concord.platform.permissions.Permission.MANAGE_CHANNELS;
import static dev.concord.platform.permissions.Permission.MANAGE_ROLES;
import static dev.concord.platform.permissions.Permission.MANAGE_THREADS;
import static dev.concord.platform.permissions.Permission.MENTION_EVERYONE;
import static dev.concord.platform.permissions.Permission.MODERATE_MEMBERS;
import static dev.concord.platform.permissions.Permission.READ_MESSAGE_HISTORY;
import static dev.concord.platform.permissions.Permission.REQUEST_TO_SPEAK;
import static dev.concord.platform.permissions.Permission.SEND_MESSAGES;
import static dev.concord.platform.permissions.Permission.SEND_MESSAGES_IN_THREADS;
import static dev.concord.platform.permissions.Permission.SEND_TTS_MESSAGES;
import static dev.concord.platform.permissions.Permission.VIEW_CHANNEL;
import static dev.concord.platform.permissions.Permission.bits;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.permissions.Overwrite.Type;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the engine, one row each. The guild: @everyone may view, send and keep history; role 10
 * ("helper", position 1) adds kicking and CONNECT; role 20 ("mod", position 2) adds MANAGE_ROLES and
 * MODERATE_MEMBERS; role 30 ("admin", position 3) is ADMINISTRATOR. User 1 owns it.
 */
class GuildPermissionsTest {

    static final long GUILD = 100;
    static final long OWNER = 1;
    static final long HELPER = 10;
    static final long MOD = 20;
    static final long ADMIN = 30;
    static final long EVERYONE_BASE = bits(
            VIEW_CHANNEL,
            SEND_MESSAGES,
            READ_MESSAGE_HISTORY,
            ADD_REACTIONS,
            EMBED_LINKS,
            ATTACH_FILES,
            MENTION_EVERYONE);
    static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

    static final GuildPermissions GUILD_ROLES = new GuildPermissions(
            GUILD,
            OWNER,
            List.of(
                    new GuildRole(GUILD, 0, EVERYONE_BASE),
                    new GuildRole(HELPER, 1, bits(KICK_MEMBERS, CONNECT)),
                    new GuildRole(MOD, 2, bits(MANAGE_ROLES, MODERATE_MEMBERS)),
                    new GuildRole(ADMIN, 3, ADMINISTRATOR.bit())));

    static GuildMember member(long... roles) {
        return GuildMember.of(7, roles);
    }

    static Overwrite role(long id, long allow, long deny) {
        return new Overwrite(id, Type.ROLE, allow, deny);
    }

    static Overwrite user(long id, long allow, long deny) {
        return new Overwrite(id, Type.MEMBER, allow, deny);
    }

    static Stream<Arguments> guildLevel() {
        return Stream.of(
                Arguments.of("@everyone alone", member(), EVERYONE_BASE),
                Arguments.of(
                        "roles add to @everyone",
                        member(HELPER, MOD),
                        EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT, MANAGE_ROLES, MODERATE_MEMBERS)),
                Arguments.of("a deleted role gives nothing", member(999), EVERYONE_BASE),
                Arguments.of("ADMINISTRATOR is every permission", member(ADMIN), Permission.ALL),
                Arguments.of("the owner holds every permission", GuildMember.of(OWNER), Permission.ALL),
                Arguments.of(
                        "a timeout keeps view and history only",
                        member(HELPER).timedOutUntil(NOW.plusSeconds(60)),
                        bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY)),
                Arguments.of(
                        "an expired timeout is no timeout",
                        member(HELPER).timedOutUntil(NOW.minusSeconds(1)),
                        EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT)),
                Arguments.of(
                        "administrators are not timed out",
                        member(ADMIN).timedOutUntil(NOW.plusSeconds(60)),
                        Permission.ALL),
                Arguments.of(
                        "the owner is not timed out",
                        GuildMember.of(OWNER).timedOutUntil(NOW.plusSeconds(60)),
                        Permission.ALL));
    }

    @Test
    void aQuarantineKeepsWhatATimeoutKeepsAndTheNickname() {
        GuildPermissions nicknames = new GuildPermissions(
                GUILD, OWNER, List.of(new GuildRole(GUILD, 0, EVERYONE_BASE | CHANGE_NICKNAME.bit())));
        GuildMember quarantined = member().timedOutUntil(GuildMember.timeoutOf(null, GuildMember.QUARANTINED_FLAG));

        assertThat(nicknames.base(quarantined, NOW))
                .isEqualTo(bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY, CHANGE_NICKNAME));
        assertThat(nicknames.base(member().timedOutUntil(NOW.plusSeconds(60)), NOW))
                .isEqualTo(bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY));
        assertThat(GuildMember.timeoutOf(NOW, 0))
                .as("no quarantine, the timeout as stored")
                .isEqualTo(NOW);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("guildLevel")
    void guildLevelPermissions(String rule, GuildMember member, long expected) {
        assertThat(GUILD_ROLES.base(member, NOW)).isEqualTo(expected);
    }

    static Stream<Arguments> inChannel() {
        return Stream.of(
                Arguments.of(
                        "no overwrites: the guild level",
                        member(HELPER),
                        List.of(),
                        EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT)),
                Arguments.of(
                        "@everyone's overwrite denies and allows",
                        member(),
                        List.of(role(GUILD, bits(CONNECT), bits(ADD_REACTIONS))),
                        EVERYONE_BASE & ~ADD_REACTIONS.bit() | CONNECT.bit()),
                Arguments.of(
                        "without VIEW_CHANNEL nothing at all",
                        member(HELPER),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL))),
                        0L),
                Arguments.of(
                        "a role's allow beats @everyone's deny",
                        member(HELPER),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL)), role(HELPER, bits(VIEW_CHANNEL), 0)),
                        EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT)),
                Arguments.of(
                        "roles combine: one role's allow beats another's deny",
                        member(HELPER, MOD),
                        List.of(role(HELPER, 0, bits(ADD_REACTIONS)), role(MOD, bits(ADD_REACTIONS), 0)),
                        EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT, MANAGE_ROLES, MODERATE_MEMBERS)),
                Arguments.of(
                        "a role the member lacks does not apply",
                        member(),
                        List.of(role(HELPER, 0, bits(VIEW_CHANNEL))),
                        EVERYONE_BASE),
                Arguments.of(
                        "the member's own overwrite comes last",
                        member(HELPER),
                        List.of(
                                role(HELPER, bits(MANAGE_CHANNELS), 0),
                                user(7, 0, bits(MANAGE_CHANNELS, ADD_REACTIONS))),
                        EVERYONE_BASE & ~ADD_REACTIONS.bit() | bits(KICK_MEMBERS, CONNECT)),
                Arguments.of(
                        "the member's own allow beats every deny",
                        member(),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL)), user(7, bits(VIEW_CHANNEL), 0)),
                        EVERYONE_BASE),
                Arguments.of(
                        "another member's overwrite does not apply",
                        member(),
                        List.of(user(8, 0, bits(VIEW_CHANNEL))),
                        EVERYONE_BASE),
                Arguments.of(
                        "without SEND_MESSAGES: no mention, TTS, files or embeds",
                        member(),
                        List.of(role(GUILD, bits(SEND_TTS_MESSAGES), bits(SEND_MESSAGES))),
                        bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY, ADD_REACTIONS)),
                Arguments.of(
                        "bits above 32 pass through overwrites",
                        member(),
                        List.of(role(GUILD, bits(REQUEST_TO_SPEAK, MODERATE_MEMBERS), 0)),
                        EVERYONE_BASE | bits(REQUEST_TO_SPEAK, MODERATE_MEMBERS)),
                Arguments.of(
                        "ADMINISTRATOR ignores overwrites",
                        member(ADMIN),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL)), user(7, 0, Permission.ALL)),
                        Permission.ALL),
                Arguments.of(
                        "the owner ignores overwrites",
                        GuildMember.of(OWNER),
                        List.of(user(OWNER, 0, Permission.ALL)),
                        Permission.ALL),
                Arguments.of(
                        "a timed-out member keeps view and history in a channel",
                        member(HELPER).timedOutUntil(NOW.plus(Duration.ofDays(1))),
                        List.of(role(HELPER, bits(MANAGE_CHANNELS), 0)),
                        bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY)),
                Arguments.of(
                        "a timeout gives back no view the channel denies",
                        member().timedOutUntil(NOW.plus(Duration.ofDays(1))),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL))),
                        0L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inChannel")
    void channelPermissions(String rule, GuildMember member, List<Overwrite> overwrites, long expected) {
        assertThat(GUILD_ROLES.inChannel(member, overwrites, NOW)).isEqualTo(expected);
    }

    static final long SEEN_IN_THREAD = bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY, ADD_REACTIONS);
    static final ThreadAccess PUBLIC = new ThreadAccess(false, false);
    static final ThreadAccess PRIVATE_OUTSIDE = new ThreadAccess(true, false);
    static final ThreadAccess PRIVATE_JOINED = new ThreadAccess(true, true);

    static Stream<Arguments> inThread() {
        return Stream.of(
                Arguments.of("SEND_MESSAGES does not send in a thread", member(), List.of(), PUBLIC, SEEN_IN_THREAD),
                Arguments.of(
                        "SEND_MESSAGES_IN_THREADS does, answered as SEND_MESSAGES too",
                        member(),
                        List.of(role(GUILD, bits(SEND_MESSAGES_IN_THREADS), bits(SEND_MESSAGES))),
                        PUBLIC,
                        EVERYONE_BASE | SEND_MESSAGES_IN_THREADS.bit()),
                Arguments.of("a private thread is hidden from others", member(), List.of(), PRIVATE_OUTSIDE, 0L),
                Arguments.of("its members see it", member(), List.of(), PRIVATE_JOINED, SEEN_IN_THREAD),
                Arguments.of(
                        "so do those who manage threads",
                        member(MOD),
                        List.of(role(MOD, bits(MANAGE_THREADS), 0)),
                        PRIVATE_OUTSIDE,
                        SEEN_IN_THREAD | bits(MANAGE_ROLES, MODERATE_MEMBERS, MANAGE_THREADS)),
                Arguments.of("and administrators", member(ADMIN), List.of(), PRIVATE_OUTSIDE, Permission.ALL),
                Arguments.of(
                        "a hidden parent hides its threads from their members",
                        member(),
                        List.of(role(GUILD, 0, bits(VIEW_CHANNEL))),
                        PRIVATE_JOINED,
                        0L),
                Arguments.of(
                        "a timeout keeps view and history in a thread",
                        member().timedOutUntil(NOW.plusSeconds(60)),
                        List.of(role(GUILD, bits(SEND_MESSAGES_IN_THREADS), 0)),
                        PUBLIC,
                        bits(VIEW_CHANNEL, READ_MESSAGE_HISTORY)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inThread")
    void threadPermissions(
            String rule, GuildMember member, List<Overwrite> parentOverwrites, ThreadAccess thread, long expected) {
        assertThat(GUILD_ROLES.inThread(member, parentOverwrites, thread, NOW)).isEqualTo(expected);
    }

    static Stream<Arguments> roleOrder() {
        return Stream.of(
                Arguments.of("higher position", new GuildRole(5, 2, 0), new GuildRole(4, 1, 0), true),
                Arguments.of("lower position", new GuildRole(4, 1, 0), new GuildRole(5, 2, 0), false),
                Arguments.of(
                        "same position: the older role is above", new GuildRole(4, 1, 0), new GuildRole(5, 1, 0), true),
                Arguments.of(
                        "same position: the newer role is below",
                        new GuildRole(5, 1, 0),
                        new GuildRole(4, 1, 0),
                        false),
                Arguments.of("a role is not above itself", new GuildRole(4, 1, 0), new GuildRole(4, 1, 0), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roleOrder")
    void roleOrder(String rule, GuildRole role, GuildRole other, boolean above) {
        assertThat(role.isAbove(other)).isEqualTo(above);
    }

    static Stream<Arguments> roleManagement() {
        return Stream.of(
                Arguments.of("the owner manages any role", GuildMember.of(OWNER), ADMIN, true),
                Arguments.of("MANAGE_ROLES manages roles below the highest", member(MOD), HELPER, true),
                Arguments.of("not the member's own highest role", member(MOD), MOD, false),
                Arguments.of("not a role above", member(MOD), ADMIN, false),
                Arguments.of("@everyone's permissions, by any role manager", member(MOD), GUILD, true),
                Arguments.of("without MANAGE_ROLES, nothing", member(HELPER), GUILD, false),
                Arguments.of("ADMINISTRATOR counts as MANAGE_ROLES", member(ADMIN), MOD, true),
                Arguments.of(
                        "a timed-out manager manages nothing",
                        member(MOD).timedOutUntil(NOW.plusSeconds(5)),
                        HELPER,
                        false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roleManagement")
    void roleManagement(String rule, GuildMember actor, long roleId, boolean allowed) {
        assertThat(GUILD_ROLES.canManageRole(actor, GUILD_ROLES.role(roleId), NOW))
                .isEqualTo(allowed);
    }

    static Stream<Arguments> moderation() {
        return Stream.of(
                Arguments.of("the owner outranks everyone", GuildMember.of(OWNER), GuildMember.of(9, ADMIN), true),
                Arguments.of("nobody outranks the owner", GuildMember.of(9, ADMIN), GuildMember.of(OWNER), false),
                Arguments.of("nobody outranks themselves", GuildMember.of(9, ADMIN), GuildMember.of(9, ADMIN), false),
                Arguments.of(
                        "a higher highest role outranks",
                        GuildMember.of(9, HELPER, MOD),
                        GuildMember.of(8, HELPER),
                        true),
                Arguments.of(
                        "an equal highest role does not",
                        GuildMember.of(9, MOD),
                        GuildMember.of(8, MOD, HELPER),
                        false),
                Arguments.of("a role above a plain member", GuildMember.of(9, HELPER), GuildMember.of(8), true),
                Arguments.of("two plain members", GuildMember.of(9), GuildMember.of(8), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("moderation")
    void moderation(String rule, GuildMember actor, GuildMember target, boolean outranks) {
        assertThat(GUILD_ROLES.outranks(actor, target)).isEqualTo(outranks);
    }

    @Test
    void theHighestRoleOfAMemberWithoutRolesIsEveryone() {
        assertThat(GUILD_ROLES.highestRole(member()).id()).isEqualTo(GUILD);
        assertThat(GUILD_ROLES.highestRole(member(HELPER, ADMIN, MOD)).id()).isEqualTo(ADMIN);
    }

    @Test
    void aGuildWithoutEveryoneIsRefused() {
        assertThatThrownBy(() -> new GuildPermissions(GUILD, OWNER, List.of(new GuildRole(HELPER, 1, 0))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMembersRolesCannotBeChangedFromOutside() {
        long[] roles = {HELPER};
        GuildMember member = GuildMember.of(7, roles);
        roles[0] = ADMIN;
        member.roleIds()[0] = ADMIN;
        assertThat(GUILD_ROLES.base(member, NOW)).isEqualTo(EVERYONE_BASE | bits(KICK_MEMBERS, CONNECT));
    }
}
