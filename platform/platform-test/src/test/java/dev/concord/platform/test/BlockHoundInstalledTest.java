package dev.concord.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** Every test JVM with platform-test runs under BlockHound: blocking on a non-blocking thread fails. */
class BlockHoundInstalledTest {

    @Test
    void blockingOnANonBlockingThreadIsAnError() {
        Mono<Object> blocking = Mono.delay(Duration.ofMillis(1), Schedulers.parallel())
                .map(tick -> {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return tick;
                });

        StepVerifier.create(blocking).expectError(BlockingOperationError.class).verify(Duration.ofSeconds(5));
    }

    @Test
    void aBlockingCallWhoseErrorIsSwallowedIsStillReported() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream standardError = System.err;
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            // As a library's callback might: the error is caught and dropped, and nothing else would tell.
            Mono.fromRunnable(() -> {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } catch (BlockingOperationError swallowed) {
                            // dropped on purpose
                        }
                    })
                    .subscribeOn(Schedulers.parallel())
                    .block(Duration.ofSeconds(5));
        } finally {
            System.setErr(standardError);
        }

        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("BLOCKING CALL on parallel-")
                .contains("java.lang.Thread.sleep")
                .contains("BlockHoundInstalledTest");
    }
}
