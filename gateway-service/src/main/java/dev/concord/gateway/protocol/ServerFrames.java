package dev.concord.gateway.protocol;

/**
 * The fixed payloads the server sends outside dispatches. Written out as text: they never change, and
 * clients parse them like any other payload ({@code s} and {@code t} are null outside dispatches).
 */
public final class ServerFrames {

    public static final String HEARTBEAT_ACK = "{\"op\":" + Opcode.HEARTBEAT_ACK + ",\"d\":null,\"s\":null,\"t\":null}";

    /** Not resumable: the client identifies again (on this connection or a new one). */
    public static final String INVALID_SESSION =
            "{\"op\":" + Opcode.INVALID_SESSION + ",\"d\":false,\"s\":null,\"t\":null}";

    private ServerFrames() {}

    public static String hello(long heartbeatIntervalMillis) {
        return "{\"op\":" + Opcode.HELLO + ",\"d\":{\"heartbeat_interval\":" + heartbeatIntervalMillis
                + "},\"s\":null,\"t\":null}";
    }
}
