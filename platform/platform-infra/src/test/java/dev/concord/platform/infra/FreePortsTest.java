package dev.concord.platform.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Ports handed out below the ephemeral range, each once, each bindable. */
class FreePortsTest {

    @Test
    void portsAreDistinctBindableAndOutsideTheRangeOfOutgoingConnections() throws IOException {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            ports.add(FreePorts.find());
        }

        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        int ephemeralLow = Files.isReadable(range)
                ? Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0])
                : 65_536;
        assertThat(ports).hasSize(50).allMatch(port -> port >= 20_000 && port < ephemeralLow);
        int port = ports.iterator().next();
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getByName(FreePorts.LOOPBACK))) {
            assertThat(server.getLocalPort()).isEqualTo(port);
        }
    }
}
