package dev.concord.gateway.limits;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.util.Collection;
import java.util.List;

/**
 * The addresses whose {@code X-Forwarded-For} is believed: literal addresses or CIDR ranges
 * ({@code 10.0.0.0/8}, {@code fd00::/8}), IPv4 and IPv6. Only literals are read, never names, so
 * configuring them never waits on DNS.
 */
public final class TrustedProxies {

    private record Range(byte[] network, int bits) {

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = bits / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (address[whole] & mask) == (network[whole] & mask);
        }
    }

    private final List<Range> ranges;

    private TrustedProxies(List<Range> ranges) {
        this.ranges = ranges;
    }

    /** Parses each entry; one that is not an address or a range fails at start-up, not at the first client. */
    public static TrustedProxies of(Collection<String> entries) {
        return new TrustedProxies(entries.stream().map(TrustedProxies::range).toList());
    }

    public boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        return ranges.stream().anyMatch(range -> range.contains(bytes));
    }

    private static Range range(String entry) {
        String trimmed = entry.trim();
        int slash = trimmed.indexOf('/');
        byte[] network = NetUtil.createByteArrayFromIpAddressString(slash < 0 ? trimmed : trimmed.substring(0, slash));
        if (network == null) {
            throw new IllegalArgumentException("concord.gateway.limits.trusted-proxies: not an address: " + entry);
        }
        int bits = network.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("concord.gateway.limits.trusted-proxies: bad prefix: " + entry, e);
            }
            if (bits < 0 || bits > network.length * 8) {
                throw new IllegalArgumentException("concord.gateway.limits.trusted-proxies: bad prefix: " + entry);
            }
        }
        return new Range(network, bits);
    }
}
