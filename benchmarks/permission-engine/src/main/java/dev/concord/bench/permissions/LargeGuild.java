package dev.concord.bench.permissions;

import static dev.concord.platform.permissions.Permission.*;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Overwrite.Type;
import dev.concord.platform.permissions.Permission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A big community guild, the same for a given seed: 250 roles at positions 0..249 (@everyone at 0,
 * two ADMINISTRATOR roles on top, the rest mostly cosmetic, some perks, some moderators), 500 channels
 * with up to 10 overwrites each (@everyone, up to 8 roles, a member), and a member holding 20 roles, none of them ADMINISTRATOR, so every
 * computation goes through the overwrites.
 *
 * @param channels each channel's overwrites, in no particular order
 */
record LargeGuild(
        long guildId, long ownerId, List<GuildRole> roles, List<List<Overwrite>> channels, GuildMember member) {

    static final int ROLES = 250;
    static final int CHANNELS = 500;
    static final int MEMBER_ROLES = 20;
    static final int ADMIN_ROLES = 2;

    static final long EVERYONE = bits(
            VIEW_CHANNEL,
            SEND_MESSAGES,
            READ_MESSAGE_HISTORY,
            ADD_REACTIONS,
            EMBED_LINKS,
            ATTACH_FILES,
            CREATE_INSTANT_INVITE,
            CHANGE_NICKNAME,
            USE_EXTERNAL_EMOJIS,
            CONNECT,
            SPEAK,
            USE_VAD,
            USE_APPLICATION_COMMANDS,
            CREATE_PUBLIC_THREADS,
            SEND_MESSAGES_IN_THREADS);
    static final Permission[] PERKS = {
        EMBED_LINKS,
        ATTACH_FILES,
        USE_EXTERNAL_STICKERS,
        STREAM,
        PRIORITY_SPEAKER,
        SEND_VOICE_MESSAGES,
        CREATE_PRIVATE_THREADS,
        USE_SOUNDBOARD,
        SEND_POLLS,
        BYPASS_SLOWMODE
    };
    static final Permission[] MODERATION = {
        KICK_MEMBERS,
        BAN_MEMBERS,
        MANAGE_MESSAGES,
        MODERATE_MEMBERS,
        MANAGE_NICKNAMES,
        MANAGE_THREADS,
        MUTE_MEMBERS,
        MOVE_MEMBERS,
        VIEW_AUDIT_LOG,
        MANAGE_CHANNELS
    };
    static final Permission[] CHANNEL_BITS = {
        VIEW_CHANNEL,
        SEND_MESSAGES,
        READ_MESSAGE_HISTORY,
        ADD_REACTIONS,
        EMBED_LINKS,
        ATTACH_FILES,
        MENTION_EVERYONE,
        MANAGE_MESSAGES,
        CONNECT,
        SPEAK,
        CREATE_PUBLIC_THREADS
    };

    static LargeGuild generate(long seed) {
        Random random = new Random(seed);
        Instant created = Instant.parse("2021-06-01T12:00:00Z");
        long guildId = id(created, random);
        long ownerId = id(created.minusSeconds(86_400L * 400), random);

        List<GuildRole> roles = new ArrayList<>(ROLES);
        roles.add(new GuildRole(guildId, 0, EVERYONE));
        for (int position = 1; position < ROLES; position++) {
            long permissions = position >= ROLES - ADMIN_ROLES ? ADMINISTRATOR.bit() : rolePermissions(random);
            roles.add(new GuildRole(id(created.plusSeconds(3_600L * position), random), position, permissions));
        }
        Collections.shuffle(roles, random);

        List<Long> heldIds = new ArrayList<>();
        for (GuildRole role : roles) {
            if (role.id() != guildId && role.permissions() != ADMINISTRATOR.bit()) {
                heldIds.add(role.id());
            }
        }
        Collections.shuffle(heldIds, random);
        long[] held =
                heldIds.stream().limit(MEMBER_ROLES).mapToLong(Long::longValue).toArray();
        GuildMember member = GuildMember.of(id(created.plusSeconds(86_400L * 30), random), held);

        List<List<Overwrite>> channels = new ArrayList<>(CHANNELS);
        for (int i = 0; i < CHANNELS; i++) {
            channels.add(overwrites(random, guildId, roles, member, created));
        }
        return new LargeGuild(guildId, ownerId, List.copyOf(roles), List.copyOf(channels), member);
    }

    /** Most roles are colours and pings with nothing in them; some give perks; a few moderate. */
    private static long rolePermissions(Random random) {
        double kind = random.nextDouble();
        if (kind < 0.6) {
            return 0;
        }
        return kind < 0.85
                ? someOf(PERKS, 1 + random.nextInt(3), random)
                : someOf(MODERATION, 2 + random.nextInt(5), random);
    }

    /**
     * A channel's overwrites: usually one for @everyone (a private channel hides itself, an announcement
     * channel is read-only), some roles let in or muted, sometimes a member singled out.
     */
    private static List<Overwrite> overwrites(
            Random random, long guildId, List<GuildRole> roles, GuildMember member, Instant created) {
        List<Overwrite> overwrites = new ArrayList<>();
        double kind = random.nextDouble();
        if (kind < 0.25) {
            overwrites.add(new Overwrite(guildId, Type.ROLE, 0, VIEW_CHANNEL.bit()));
        } else if (kind < 0.45) {
            overwrites.add(new Overwrite(guildId, Type.ROLE, 0, bits(SEND_MESSAGES, ADD_REACTIONS)));
        } else if (kind < 0.75) {
            overwrites.add(randomOverwrite(guildId, Type.ROLE, random));
        }
        Set<Long> named = new HashSet<>(Set.of(guildId));
        long[] held = member.roleIds();
        int roleOverwrites = random.nextInt(9);
        while (named.size() - 1 < roleOverwrites) {
            // A third name a role the member holds: channels are gated by the roles people have.
            long roleId = random.nextInt(3) == 0
                    ? held[random.nextInt(held.length)]
                    : roles.get(random.nextInt(roles.size())).id();
            if (named.add(roleId)) {
                overwrites.add(
                        kind < 0.25 && random.nextBoolean()
                                ? new Overwrite(roleId, Type.ROLE, bits(VIEW_CHANNEL, SEND_MESSAGES), 0)
                                : randomOverwrite(roleId, Type.ROLE, random));
            }
        }
        if (random.nextInt(100) < 15) {
            long userId = random.nextInt(3) == 0
                    ? member.userId()
                    : id(created.plusSeconds(random.nextInt(99_999_999)), random);
            overwrites.add(randomOverwrite(userId, Type.MEMBER, random));
        }
        Collections.shuffle(overwrites, random);
        return List.copyOf(overwrites);
    }

    private static Overwrite randomOverwrite(long id, Type type, Random random) {
        long allow = someOf(CHANNEL_BITS, random.nextInt(3), random);
        long deny = someOf(CHANNEL_BITS, random.nextInt(3), random) & ~allow;
        return new Overwrite(id, type, allow, deny);
    }

    private static long someOf(Permission[] permissions, int count, Random random) {
        long bits = 0;
        for (int i = 0; i < count; i++) {
            bits |= permissions[random.nextInt(permissions.length)].bit();
        }
        return bits;
    }

    /** A realistic id made at {@code at}: the time in the high bits, a random worker and increment below. */
    private static long id(Instant at, Random random) {
        return Snowflake.firstAt(at).value() | random.nextInt(1 << 22);
    }
}
