package dev.concord.gateway.limits;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * The address a socket comes from, for per-address limits. Behind the edge every connection comes from
 * the edge, which sets {@code X-Forwarded-For} to the address it saw: that header is believed only from
 * a configured proxy, so a client that dials the gateway directly cannot pick its own address.
 */
public final class ClientAddress {

    /** Longer than any IPv6 literal; keeps a forged header from making huge Redis keys. */
    private static final int MAX_LENGTH = 64;

    static final String UNKNOWN = "unknown";

    private ClientAddress() {}

    /**
     * The client's address: the last hop of {@code forwardedFor} when the connection comes from one of
     * {@code trustedProxies} (the last is what that proxy saw; earlier ones are whatever the client
     * sent), else the connection's own address.
     */
    public static String of(
            @Nullable InetSocketAddress remote, @Nullable String forwardedFor, TrustedProxies trustedProxies) {
        InetAddress address = remote == null ? null : remote.getAddress();
        if (address == null) {
            return UNKNOWN;
        }
        String connection = address.getHostAddress();
        if (forwardedFor == null || !trustedProxies.contains(address)) {
            return connection;
        }
        String last = forwardedFor.substring(forwardedFor.lastIndexOf(',') + 1).trim();
        if (last.isEmpty()) {
            return connection;
        }
        return last.length() > MAX_LENGTH ? last.substring(0, MAX_LENGTH) : last;
    }
}
