package dev.concord.platform.events;

/**
 * Every event type that travels on the platform's topics, as docs/events.md lists them (a test checks the
 * two agree), like Discord4J's {@code EventNames}. A type is the gateway dispatch name the event becomes.
 * Names the gateway only sends itself (READY, RESUMED, ...) are the gateway's, not here.
 */
public final class EventTypes {

    // identity.events
    public static final String USER_CREATE = "USER_CREATE";
    public static final String USER_UPDATE = "USER_UPDATE";
    /**
     * Ours, for services only: a user's new username or display name (guild-service judges names against
     * USER_PROFILE rules, and a USER_UPDATE does not say whether they changed).
     */
    public static final String USER_NAMES_UPDATE = "USER_NAMES_UPDATE";

    public static final String APPLICATION_CREATE = "APPLICATION_CREATE";
    public static final String APPLICATION_UPDATE = "APPLICATION_UPDATE";
    public static final String APPLICATION_DELETE = "APPLICATION_DELETE";
    /**
     * Ours, for services only: an application's role connection metadata after a PUT (guild-service shows it
     * with the application's integrations).
     */
    public static final String APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE =
            "APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE";

    // social.events
    public static final String USER_SETTINGS_UPDATE = "USER_SETTINGS_UPDATE";
    public static final String RELATIONSHIP_ADD = "RELATIONSHIP_ADD";
    public static final String RELATIONSHIP_UPDATE = "RELATIONSHIP_UPDATE";
    public static final String RELATIONSHIP_REMOVE = "RELATIONSHIP_REMOVE";
    public static final String GAME_RELATIONSHIP_ADD = "GAME_RELATIONSHIP_ADD";
    public static final String GAME_RELATIONSHIP_REMOVE = "GAME_RELATIONSHIP_REMOVE";
    public static final String NOTIFICATION_SETTINGS_UPDATE = "NOTIFICATION_SETTINGS_UPDATE";
    public static final String NOTIFICATION_CENTER_ITEM_CREATE = "NOTIFICATION_CENTER_ITEM_CREATE";
    public static final String USER_GUILD_SETTINGS_UPDATE = "USER_GUILD_SETTINGS_UPDATE";
    public static final String FRIEND_SUGGESTION_DELETE = "FRIEND_SUGGESTION_DELETE";

    // presence.events
    public static final String PRESENCE_UPDATE = "PRESENCE_UPDATE";
    public static final String SESSIONS_REPLACE = "SESSIONS_REPLACE";

    // guild.events
    public static final String GUILD_CREATE = "GUILD_CREATE";
    public static final String GUILD_UPDATE = "GUILD_UPDATE";
    public static final String GUILD_DELETE = "GUILD_DELETE";
    public static final String GUILD_MEMBER_ADD = "GUILD_MEMBER_ADD";
    public static final String GUILD_MEMBER_REMOVE = "GUILD_MEMBER_REMOVE";
    public static final String GUILD_MEMBER_UPDATE = "GUILD_MEMBER_UPDATE";
    public static final String CHANNEL_CREATE = "CHANNEL_CREATE";
    public static final String CHANNEL_UPDATE = "CHANNEL_UPDATE";
    public static final String CHANNEL_DELETE = "CHANNEL_DELETE";
    public static final String CHANNEL_RECIPIENT_ADD = "CHANNEL_RECIPIENT_ADD";
    public static final String CHANNEL_RECIPIENT_REMOVE = "CHANNEL_RECIPIENT_REMOVE";
    public static final String THREAD_CREATE = "THREAD_CREATE";
    public static final String THREAD_UPDATE = "THREAD_UPDATE";
    public static final String THREAD_DELETE = "THREAD_DELETE";
    public static final String THREAD_MEMBER_UPDATE = "THREAD_MEMBER_UPDATE";
    public static final String THREAD_MEMBERS_UPDATE = "THREAD_MEMBERS_UPDATE";
    public static final String GUILD_ROLE_CREATE = "GUILD_ROLE_CREATE";
    public static final String GUILD_ROLE_UPDATE = "GUILD_ROLE_UPDATE";
    public static final String GUILD_EMOJIS_UPDATE = "GUILD_EMOJIS_UPDATE";
    public static final String GUILD_ROLE_DELETE = "GUILD_ROLE_DELETE";
    public static final String GUILD_SCHEDULED_EVENT_CREATE = "GUILD_SCHEDULED_EVENT_CREATE";
    public static final String GUILD_SCHEDULED_EVENT_UPDATE = "GUILD_SCHEDULED_EVENT_UPDATE";
    public static final String GUILD_SCHEDULED_EVENT_DELETE = "GUILD_SCHEDULED_EVENT_DELETE";
    public static final String GUILD_SCHEDULED_EVENT_USER_ADD = "GUILD_SCHEDULED_EVENT_USER_ADD";
    public static final String GUILD_SCHEDULED_EVENT_USER_REMOVE = "GUILD_SCHEDULED_EVENT_USER_REMOVE";
    public static final String GUILD_DIRECTORY_ENTRY_CREATE = "GUILD_DIRECTORY_ENTRY_CREATE";
    public static final String GUILD_DIRECTORY_ENTRY_UPDATE = "GUILD_DIRECTORY_ENTRY_UPDATE";
    public static final String GUILD_DIRECTORY_ENTRY_DELETE = "GUILD_DIRECTORY_ENTRY_DELETE";
    public static final String STAGE_INSTANCE_CREATE = "STAGE_INSTANCE_CREATE";
    public static final String STAGE_INSTANCE_UPDATE = "STAGE_INSTANCE_UPDATE";
    public static final String STAGE_INSTANCE_DELETE = "STAGE_INSTANCE_DELETE";
    public static final String INVITE_CREATE = "INVITE_CREATE";
    public static final String INVITE_DELETE = "INVITE_DELETE";
    public static final String INTEGRATION_CREATE = "INTEGRATION_CREATE";
    public static final String INTEGRATION_UPDATE = "INTEGRATION_UPDATE";
    public static final String INTEGRATION_DELETE = "INTEGRATION_DELETE";
    public static final String GUILD_INTEGRATIONS_UPDATE = "GUILD_INTEGRATIONS_UPDATE";
    public static final String AUTO_MODERATION_RULE_CREATE = "AUTO_MODERATION_RULE_CREATE";
    public static final String AUTO_MODERATION_RULE_UPDATE = "AUTO_MODERATION_RULE_UPDATE";
    public static final String AUTO_MODERATION_RULE_DELETE = "AUTO_MODERATION_RULE_DELETE";
    /** A rule acted on a message (webhook-service, which judges messages against the guild's rules). */
    public static final String AUTO_MODERATION_ACTION_EXECUTION = "AUTO_MODERATION_ACTION_EXECUTION";
    /**
     * Ours, for services only: a USER_PROFILE rule's alert for webhook-service to post (guild-service judges
     * names, webhook-service keeps messages).
     */
    public static final String AUTO_MODERATION_PROFILE_ALERT = "AUTO_MODERATION_PROFILE_ALERT";

    public static final String MESSAGE_CREATE = "MESSAGE_CREATE";
    public static final String MESSAGE_UPDATE = "MESSAGE_UPDATE";
    public static final String MESSAGE_DELETE = "MESSAGE_DELETE";
    public static final String MESSAGE_DELETE_BULK = "MESSAGE_DELETE_BULK";
    public static final String WEBHOOKS_UPDATE = "WEBHOOKS_UPDATE";
    public static final String MESSAGE_POLL_VOTE_ADD = "MESSAGE_POLL_VOTE_ADD";
    public static final String MESSAGE_POLL_VOTE_REMOVE = "MESSAGE_POLL_VOTE_REMOVE";
    public static final String MESSAGE_REACTION_ADD = "MESSAGE_REACTION_ADD";
    public static final String MESSAGE_REACTION_REMOVE = "MESSAGE_REACTION_REMOVE";
    public static final String MESSAGE_REACTION_REMOVE_ALL = "MESSAGE_REACTION_REMOVE_ALL";
    public static final String MESSAGE_REACTION_REMOVE_EMOJI = "MESSAGE_REACTION_REMOVE_EMOJI";
    public static final String INTERACTION_CREATE = "INTERACTION_CREATE";
    public static final String INTERACTION_SUCCESS = "INTERACTION_SUCCESS";
    public static final String INTERACTION_FAILURE = "INTERACTION_FAILURE";

    public static final String VOICE_STATE_UPDATE = "VOICE_STATE_UPDATE";
    public static final String VOICE_SERVER_UPDATE = "VOICE_SERVER_UPDATE";
    public static final String VOICE_CHANNEL_EFFECT_SEND = "VOICE_CHANNEL_EFFECT_SEND";

    public static final String CALL_CREATE = "CALL_CREATE";
    public static final String CALL_UPDATE = "CALL_UPDATE";
    public static final String CALL_DELETE = "CALL_DELETE";

    private EventTypes() {}
}
