package dev.concord.bench.permissions;

import static dev.concord.platform.permissions.Permission.ADMINISTRATOR;
import static dev.concord.platform.permissions.Permission.ATTACH_FILES;
import static dev.concord.platform.permissions.Permission.EMBED_LINKS;
import static dev.concord.platform.permissions.Permission.MENTION_EVERYONE;
import static dev.concord.platform.permissions.Permission.SEND_MESSAGES;
import static dev.concord.platform.permissions.Permission.SEND_TTS_MESSAGES;
import static dev.concord.platform.permissions.Permission.VIEW_CHANNEL;

import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Overwrite.Type;
import dev.concord.platform.permissions.Permission;
import java.util.Arrays;
import java.util.List;

/**
 * The documented rules written the plain way, role list and overwrite list scanned as they come, for
 * a member who is neither timed out nor the owner (the benchmark's member; the tests check both).
 */
final class ReferencePermissions {

    private ReferencePermissions() {}

    static long base(LargeGuild guild) {
        GuildMember member = guild.member();
        long permissions = 0;
        for (GuildRole role : guild.roles()) {
            if (role.id() == guild.guildId() || Arrays.stream(member.roleIds()).anyMatch(id -> id == role.id())) {
                permissions |= role.permissions();
            }
        }
        return (permissions & ADMINISTRATOR.bit()) != 0 ? Permission.ALL : permissions;
    }

    static long inChannel(LargeGuild guild, List<Overwrite> overwrites) {
        long permissions = base(guild);
        if (permissions == Permission.ALL) {
            return permissions;
        }
        GuildMember member = guild.member();
        for (Overwrite o : overwrites) {
            if (o.type() == Type.ROLE && o.id() == guild.guildId()) {
                permissions = (permissions & ~o.deny()) | o.allow();
            }
        }
        long allow = 0;
        long deny = 0;
        for (Overwrite o : overwrites) {
            if (o.type() == Type.ROLE && Arrays.stream(member.roleIds()).anyMatch(id -> id == o.id())) {
                allow |= o.allow();
                deny |= o.deny();
            }
        }
        permissions = (permissions & ~deny) | allow;
        for (Overwrite o : overwrites) {
            if (o.type() == Type.MEMBER && o.id() == member.userId()) {
                permissions = (permissions & ~o.deny()) | o.allow();
            }
        }
        if ((permissions & VIEW_CHANNEL.bit()) == 0) {
            return 0;
        }
        if ((permissions & SEND_MESSAGES.bit()) == 0) {
            permissions &= ~Permission.bits(MENTION_EVERYONE, SEND_TTS_MESSAGES, ATTACH_FILES, EMBED_LINKS);
        }
        return permissions;
    }
}
