package dev.concord.social.family;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Who may move a link from where to where. */
class LinkStatusTest {

    @ParameterizedTest(name = "{0} -> {1} by requestor {2}: {3}")
    @CsvSource({
        "REQUESTED, CONNECTED, false, true",
        "REQUESTED, REJECTED, false, true",
        "REQUESTED, DISCONNECTED, false, true",
        "REQUESTED, DISCONNECTED, true, true",
        "REQUESTED, CONNECTED, true, false",
        "REQUESTED, REJECTED, true, false",
        "CONNECTED, DISCONNECTED, false, true",
        "CONNECTED, DISCONNECTED, true, true",
        "CONNECTED, REJECTED, false, false",
        "CONNECTED, CONNECTED, false, false",
        "REJECTED, CONNECTED, false, false",
        "REJECTED, DISCONNECTED, true, false",
        "DISCONNECTED, CONNECTED, false, false",
        "DISCONNECTED, DISCONNECTED, false, false"
    })
    void moves(LinkStatus from, LinkStatus to, boolean byRequestor, boolean allowed) {
        assertThat(from.mayMoveTo(to, byRequestor)).isEqualTo(allowed);
    }
}
