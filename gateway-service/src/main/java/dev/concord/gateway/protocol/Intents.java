package dev.concord.gateway.protocol;

import tools.jackson.databind.JsonNode;

/** Gateway intents: the event groups a connection subscribes to, as a bit set. */
public final class Intents {

    /** Bits 0-16, 20-21 and 24-25: every intent the platform defines (17-19 and 22-23 are unused). */
    public static final long KNOWN = ((1L << 17) - 1) | (1L << 20) | (1L << 21) | (1L << 24) | (1L << 25);

    /** GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT need the application's approval. */
    public static final long PRIVILEGED = (1L << 1) | (1L << 8) | (1L << 15);

    private Intents() {}

    /**
     * The intents of an Identify. Bots must send them (4013 otherwise); people's clients usually do not
     * and receive everything. Unknown bits close 4013; privileged bits a bot may not use close 4014.
     */
    public static long check(JsonNode intents, boolean bot, boolean privilegedAllowed) {
        if (intents == null || intents.isNull()) {
            if (bot) {
                throw new ProtocolViolation(CloseCode.INVALID_INTENTS);
            }
            return KNOWN;
        }
        if (!intents.isIntegralNumber() || !intents.canConvertToLong()) {
            throw new ProtocolViolation(CloseCode.INVALID_INTENTS);
        }
        long value = intents.longValue();
        if (value < 0 || (value & ~KNOWN) != 0) {
            throw new ProtocolViolation(CloseCode.INVALID_INTENTS);
        }
        if (bot && !privilegedAllowed && (value & PRIVILEGED) != 0) {
            throw new ProtocolViolation(CloseCode.DISALLOWED_INTENTS);
        }
        return value;
    }
}
