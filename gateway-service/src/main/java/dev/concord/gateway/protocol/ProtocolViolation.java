package dev.concord.gateway.protocol;

/**
 * A client broke the protocol; the connection is closed with {@link #closeCode()}. Expected and
 * frequent, so no stack trace is filled in.
 */
public final class ProtocolViolation extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient CloseCode closeCode;

    public ProtocolViolation(CloseCode closeCode) {
        super(closeCode.reason(), null, false, false);
        this.closeCode = closeCode;
    }

    public CloseCode closeCode() {
        return closeCode;
    }
}
