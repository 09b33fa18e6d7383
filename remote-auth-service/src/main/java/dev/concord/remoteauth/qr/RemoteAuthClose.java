package dev.concord.remoteauth.qr;

import org.springframework.web.reactive.socket.CloseStatus;

/** The remote-auth gateway's close codes (seed 002, Errors). */
enum RemoteAuthClose {
    /** The phone finished or canceled the session. */
    NORMAL(1000, "Session ended"),
    INVALID_VERSION(4000, "Invalid version"),
    DECODE_ERROR(4001, "Decode error"),
    HANDSHAKE_FAILURE(4002, "Handshake failure"),
    TIMEOUT(4003, "Timeout"),
    /** Not the desktop's doing (the WebSocket standard's code): it may reconnect and retry. */
    INTERNAL_ERROR(1011, "Internal error");

    private final CloseStatus status;

    RemoteAuthClose(int code, String reason) {
        this.status = new CloseStatus(code, reason);
    }

    CloseStatus status() {
        return status;
    }
}
