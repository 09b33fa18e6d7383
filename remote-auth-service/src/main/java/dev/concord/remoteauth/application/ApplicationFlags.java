package dev.concord.remoteauth.application;

/**
 * The application flags of seed 002. Some bits are private (shown only to the owner), and an owner sets
 * only the "limited" gateway intents (a bot in fewer than 100 guilds turns its privileged intents on
 * itself); the platform grants the rest.
 */
public final class ApplicationFlags {

    public static final long MANAGED_EMOJI = 1L << 2;
    public static final long GROUP_DM_CREATE = 1L << 4;
    public static final long RPC_PRIVATE_BETA = 1L << 5;
    public static final long GATEWAY_PRESENCE = 1L << 12;
    public static final long GATEWAY_PRESENCE_LIMITED = 1L << 13;
    public static final long GATEWAY_GUILD_MEMBERS = 1L << 14;
    public static final long GATEWAY_GUILD_MEMBERS_LIMITED = 1L << 15;
    public static final long GATEWAY_MESSAGE_CONTENT = 1L << 18;
    public static final long GATEWAY_MESSAGE_CONTENT_LIMITED = 1L << 19;
    public static final long APPLICATION_COMMAND_BADGE = 1L << 23;
    public static final long ACTIVE = 1L << 24;
    public static final long ACTIVE_GRACE_PERIOD = 1L << 25;

    /** Bits only the owner sees (bits 8-10 are public under one name and private under another: shown). */
    public static final long PRIVATE =
            MANAGED_EMOJI | GROUP_DM_CREATE | RPC_PRIVATE_BETA | ACTIVE | ACTIVE_GRACE_PERIOD;

    /** What an owner may set with PATCH: the limited privileged intents. */
    public static final long OWNER_SETTABLE =
            GATEWAY_PRESENCE_LIMITED | GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_MESSAGE_CONTENT_LIMITED;

    private ApplicationFlags() {}

    /** The flags as someone other than the owner sees them. */
    public static long publicView(long flags) {
        return flags & ~PRIVATE;
    }

    /** Whether a bot with these flags may ask for the privileged intent granted by {@code full} or {@code limited}. */
    public static boolean grants(long flags, long full, long limited) {
        return (flags & (full | limited)) != 0;
    }
}
