package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.OutboundPayload;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class SocketOutboundTest {

    @Test
    void refusesPayloadsBeyondItsBoundUntilTheSocketDrainsThem() {
        SocketOutbound outbound = new SocketOutbound(8);
        for (int i = 0; i < 8; i++) {
            assertThat(outbound.offer("p" + i)).isTrue();
        }
        assertThat(outbound.offer("one too many")).isFalse();

        StepVerifier.create(outbound.frames(), 8)
                .expectNext(control("p0"), control("p1"), control("p2"), control("p3"))
                .expectNext(control("p4"), control("p5"), control("p6"), control("p7"))
                .then(() -> assertThat(outbound.offer("after draining")).isTrue())
                .thenRequest(1)
                .expectNext(control("after draining"))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void closingEndsTheFramesDropsWhatIsQueuedAndNamesTheCode() {
        SocketOutbound outbound = new SocketOutbound(8);
        outbound.offer("queued");
        outbound.close(CloseCode.SESSION_TIMED_OUT);
        outbound.close(CloseCode.RATE_LIMITED);

        assertThat(outbound.offer("late")).isFalse();
        StepVerifier.create(outbound.frames()).verifyComplete();
        StepVerifier.create(outbound.closeRequest())
                .expectNext(CloseCode.SESSION_TIMED_OUT)
                .verifyComplete();
    }

    @Test
    void aSocketThatEndedByItselfSendsNoClose() {
        SocketOutbound outbound = new SocketOutbound(8);
        outbound.terminate();

        assertThat(outbound.offer("late")).isFalse();
        StepVerifier.create(outbound.closeRequest()).verifyComplete();
    }

    private static OutboundPayload control(String json) {
        return new OutboundPayload.Control(json);
    }
}
