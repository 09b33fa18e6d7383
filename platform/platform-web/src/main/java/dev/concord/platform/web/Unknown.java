package dev.concord.platform.web;

/** The "Unknown X" 404s with the platform's codes. */
public enum Unknown {
    ACCOUNT(10001, "Unknown Account"),
    APPLICATION(10002, "Unknown Application"),
    CHANNEL(10003, "Unknown Channel"),
    GUILD(10004, "Unknown Guild"),
    INTEGRATION(10005, "Unknown Integration"),
    INVITE(10006, "Unknown Invite"),
    MEMBER(10007, "Unknown Member"),
    MESSAGE(10008, "Unknown Message"),
    OVERWRITE(10009, "Unknown Permission Overwrite"),
    ROLE(10011, "Unknown Role"),
    TOKEN(10012, "Unknown Token"),
    USER(10013, "Unknown User"),
    EMOJI(10014, "Unknown Emoji"),
    WEBHOOK(10015, "Unknown Webhook"),
    SESSION(10020, "Unknown Session"),
    DISCOVERY_CATEGORY(10059, "Unknown discoverable server category"),
    INTERACTION(10062, "Unknown interaction"),
    VOICE_STATE(10065, "Unknown Voice State"),
    STAGE_INSTANCE(10067, "Unknown Stage Instance"),
    GUILD_SCHEDULED_EVENT(10070, "Unknown Guild Scheduled Event"),
    GUILD_SCHEDULED_EVENT_USER(10071, "Unknown Guild Scheduled Event User");

    private final int code;
    private final String message;

    Unknown(int code, String message) {
        this.code = code;
        this.message = message;
    }

    public int code() {
        return code;
    }

    public String message() {
        return message;
    }
}
