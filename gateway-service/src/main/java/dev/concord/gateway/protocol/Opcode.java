package dev.concord.gateway.protocol;

/** Gateway opcodes, as numbered by the platform's client protocol. */
public final class Opcode {

    /** Server: an event, with a type {@code t} and a per-session sequence number {@code s}. */
    public static final int DISPATCH = 0;
    /** Client: keep-alive carrying the last sequence number seen; the server answers {@link #HEARTBEAT_ACK}. */
    public static final int HEARTBEAT = 1;
    /** Client: start a new session. */
    public static final int IDENTIFY = 2;
    /** Client: set the user's presence. */
    public static final int PRESENCE_UPDATE = 3;
    /** Client: join, move or leave voice. */
    public static final int VOICE_STATE_UPDATE = 4;
    /** Client: continue a session that lost its connection. */
    public static final int RESUME = 6;
    /** Server: reconnect and resume. */
    public static final int RECONNECT = 7;
    /** Client: ask for a guild's member list. */
    public static final int REQUEST_GUILD_MEMBERS = 8;
    /** Server: the session cannot be resumed ({@code d: false}); identify again. */
    public static final int INVALID_SESSION = 9;
    /** Server: first payload of every connection, with the heartbeat interval. */
    public static final int HELLO = 10;
    /** Server: answer to {@link #HEARTBEAT}. */
    public static final int HEARTBEAT_ACK = 11;
    /** Client: ask for guilds' soundboard sounds. */
    public static final int REQUEST_SOUNDBOARD_SOUNDS = 31;

    private Opcode() {}
}
