package dev.concord.gateway.protocol;

import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_ACTION_EXECUTION;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_CREATE;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_DELETE;
import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_RULE_UPDATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_EMOJIS_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_INTEGRATIONS_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_USER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_SCHEDULED_EVENT_USER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_CREATE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_DELETE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_UPDATE;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static dev.concord.platform.events.EventTypes.INVITE_DELETE;
import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE_BULK;
import static dev.concord.platform.events.EventTypes.MESSAGE_POLL_VOTE_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_POLL_VOTE_REMOVE;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE_ALL;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE_EMOJI;
import static dev.concord.platform.events.EventTypes.MESSAGE_UPDATE;
import static dev.concord.platform.events.EventTypes.PRESENCE_UPDATE;
import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_CREATE;
import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_DELETE;
import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_CREATE;
import static dev.concord.platform.events.EventTypes.THREAD_DELETE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBERS_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_UPDATE;
import static dev.concord.platform.events.EventTypes.VOICE_CHANNEL_EFFECT_SEND;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;
import static dev.concord.platform.events.EventTypes.WEBHOOKS_UPDATE;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Gateway intents: the event groups a connection subscribes to, as a bit set. */
public final class Intents {

    /** Bits 0-16, 20-21 and 24-25: every intent the platform defines (17-19 and 22-23 are unused). */
    public static final long KNOWN = ((1L << 17) - 1) | (1L << 20) | (1L << 21) | (1L << 24) | (1L << 25);

    /** GUILD_MEMBERS, GUILD_PRESENCES and MESSAGE_CONTENT need the application's approval. */
    public static final long PRIVILEGED = (1L << 1) | (1L << 8) | (1L << 15);

    /** Guilds, their roles, channels and stages: GUILD_CREATE/UPDATE/DELETE, GUILD_ROLE_*, CHANNEL_*, STAGE_INSTANCE_*. */
    public static final long GUILDS = 1L << 0;
    /** GUILD_MEMBER_ADD/UPDATE/REMOVE (privileged). */
    public static final long GUILD_MEMBERS = 1L << 1;
    /** Presence updates, and presences in member chunks (privileged). */
    public static final long GUILD_PRESENCES = 1L << 8;
    /** MESSAGE_CREATE/UPDATE/DELETE/DELETE_BULK in guild channels. */
    public static final long GUILD_MESSAGES = 1L << 9;
    /** The same events in DMs. */
    public static final long DIRECT_MESSAGES = 1L << 12;
    /** GUILD_EMOJIS_UPDATE and GUILD_STICKERS_UPDATE (and soundboard events). */
    public static final long GUILD_EXPRESSIONS = 1L << 3;
    /** GUILD_INTEGRATIONS_UPDATE and INTEGRATION_CREATE/UPDATE/DELETE. */
    public static final long GUILD_INTEGRATIONS = 1L << 4;
    /** WEBHOOKS_UPDATE. */
    public static final long GUILD_WEBHOOKS = 1L << 5;
    /** INVITE_CREATE and INVITE_DELETE. */
    public static final long GUILD_INVITES = 1L << 6;
    /** VOICE_STATE_UPDATE and VOICE_CHANNEL_EFFECT_SEND. */
    public static final long GUILD_VOICE_STATES = 1L << 7;
    /** GUILD_SCHEDULED_EVENT_CREATE/UPDATE/DELETE/USER_ADD/USER_REMOVE. */
    public static final long GUILD_SCHEDULED_EVENTS = 1L << 16;
    /** AUTO_MODERATION_RULE_CREATE/UPDATE/DELETE. */
    public static final long AUTO_MODERATION_CONFIGURATION = 1L << 20;
    /** AUTO_MODERATION_ACTION_EXECUTION. */
    public static final long AUTO_MODERATION_EXECUTION = 1L << 21;
    /** MESSAGE_REACTION_ADD / _REMOVE / _REMOVE_ALL / _REMOVE_EMOJI in guild channels. */
    public static final long GUILD_MESSAGE_REACTIONS = 1L << 10;
    /** The same events in DMs. */
    public static final long DIRECT_MESSAGE_REACTIONS = 1L << 13;
    /** MESSAGE_POLL_VOTE_ADD / _REMOVE in guild channels. */
    public static final long GUILD_MESSAGE_POLLS = 1L << 24;
    /** The same events in DMs. */
    public static final long DIRECT_MESSAGE_POLLS = 1L << 25;
    /** The content of other people's guild messages (privileged). */
    public static final long MESSAGE_CONTENT = 1L << 15;

    /** The application flags granting the privileged intents: GATEWAY_GUILD_MEMBERS, _PRESENCE, _MESSAGE_CONTENT. */
    static final long GATEWAY_GUILD_MEMBERS = 1L << 14;

    static final long GATEWAY_PRESENCE = 1L << 12;
    static final long GATEWAY_MESSAGE_CONTENT = 1L << 18;

    private Intents() {}

    /**
     * The intent a dispatch needs, as the platform files the events we emit; 0 for those every session
     * gets (READY, USER_UPDATE, the user's own events). The platform also sends GUILD_MEMBER_UPDATE about
     * the session's own user without GUILD_MEMBERS, which the type alone cannot tell: the caller checks.
     */
    public static long requiredFor(String type) {
        return requiredFor(type, true);
    }

    /** As {@link #requiredFor(String)}, for an event in a guild or not: messages need GUILD_ or DIRECT_MESSAGES. */
    public static long requiredFor(String type, boolean inGuild) {
        return switch (type) {
            case MESSAGE_CREATE, MESSAGE_UPDATE, MESSAGE_DELETE, MESSAGE_DELETE_BULK ->
                inGuild ? GUILD_MESSAGES : DIRECT_MESSAGES;
            case MESSAGE_POLL_VOTE_ADD, MESSAGE_POLL_VOTE_REMOVE ->
                inGuild ? GUILD_MESSAGE_POLLS : DIRECT_MESSAGE_POLLS;
            case MESSAGE_REACTION_ADD,
                    MESSAGE_REACTION_REMOVE,
                    MESSAGE_REACTION_REMOVE_ALL,
                    MESSAGE_REACTION_REMOVE_EMOJI -> inGuild ? GUILD_MESSAGE_REACTIONS : DIRECT_MESSAGE_REACTIONS;
            case GUILD_CREATE,
                    GUILD_UPDATE,
                    GUILD_DELETE,
                    GUILD_ROLE_CREATE,
                    GUILD_ROLE_UPDATE,
                    GUILD_ROLE_DELETE,
                    CHANNEL_CREATE,
                    CHANNEL_UPDATE,
                    CHANNEL_DELETE,
                    THREAD_CREATE,
                    THREAD_UPDATE,
                    THREAD_DELETE,
                    THREAD_MEMBER_UPDATE,
                    THREAD_MEMBERS_UPDATE,
                    STAGE_INSTANCE_CREATE,
                    STAGE_INSTANCE_UPDATE,
                    STAGE_INSTANCE_DELETE,
                    GUILD_DIRECTORY_ENTRY_CREATE,
                    GUILD_DIRECTORY_ENTRY_UPDATE,
                    GUILD_DIRECTORY_ENTRY_DELETE -> GUILDS;
            case GUILD_MEMBER_ADD, GUILD_MEMBER_UPDATE, GUILD_MEMBER_REMOVE -> GUILD_MEMBERS;
            case INVITE_CREATE, INVITE_DELETE -> GUILD_INVITES;
            // A friend's overall presence (no guild) goes to every session of the people who see it.
            case PRESENCE_UPDATE -> inGuild ? GUILD_PRESENCES : 0;
            case WEBHOOKS_UPDATE -> GUILD_WEBHOOKS;
            case GUILD_EMOJIS_UPDATE -> GUILD_EXPRESSIONS;
            // A call's voice states (a DM or group DM) go to its recipients whatever their intents.
            case VOICE_STATE_UPDATE -> inGuild ? GUILD_VOICE_STATES : 0;
            case VOICE_CHANNEL_EFFECT_SEND -> GUILD_VOICE_STATES;
            case GUILD_SCHEDULED_EVENT_CREATE,
                    GUILD_SCHEDULED_EVENT_UPDATE,
                    GUILD_SCHEDULED_EVENT_DELETE,
                    GUILD_SCHEDULED_EVENT_USER_ADD,
                    GUILD_SCHEDULED_EVENT_USER_REMOVE -> GUILD_SCHEDULED_EVENTS;
            case GUILD_INTEGRATIONS_UPDATE -> GUILD_INTEGRATIONS;
            // A group DM's applications go to its recipients whatever their intents, as its calls do:
            // GUILD_INTEGRATIONS is about guilds.
            case INTEGRATION_CREATE, INTEGRATION_UPDATE, INTEGRATION_DELETE -> inGuild ? GUILD_INTEGRATIONS : 0;
            case AUTO_MODERATION_RULE_CREATE, AUTO_MODERATION_RULE_UPDATE, AUTO_MODERATION_RULE_DELETE ->
                AUTO_MODERATION_CONFIGURATION;
            case AUTO_MODERATION_ACTION_EXECUTION -> AUTO_MODERATION_EXECUTION;
            default -> 0;
        };
    }

    /** Whether a session with {@code intents} receives a dispatch that needs {@code required} (0: any session). */
    public static boolean allows(long intents, long required) {
        return (intents & required) == required;
    }

    /**
     * The intents of an Identify. Bots must send them (4013 otherwise); people's clients usually do not
     * and receive everything. Unknown bits close 4013; a bot's privileged ones are checked against its
     * application by {@link #checkPrivileged}.
     */
    public static long check(@Nullable JsonNode intents, boolean bot) {
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
        return value;
    }

    /**
     * A bot's privileged intents against its application's flags: each needs the flag that grants it, in
     * either form (the platform grants the full one to bots in 100 or more guilds once reviewed, and the
     * owner turns the limited one on below that). 4014 otherwise.
     */
    public static void checkPrivileged(long intents, long applicationFlags) {
        if (denied(intents, GUILD_MEMBERS, applicationFlags, GATEWAY_GUILD_MEMBERS)
                || denied(intents, GUILD_PRESENCES, applicationFlags, GATEWAY_PRESENCE)
                || denied(intents, MESSAGE_CONTENT, applicationFlags, GATEWAY_MESSAGE_CONTENT)) {
            throw new ProtocolViolation(CloseCode.DISALLOWED_INTENTS);
        }
    }

    /** {@code grants} is the full flag; the limited one is the next bit up. */
    private static boolean denied(long intents, long intent, long flags, long grants) {
        return (intents & intent) != 0 && (flags & (grants | grants << 1)) == 0;
    }
}
