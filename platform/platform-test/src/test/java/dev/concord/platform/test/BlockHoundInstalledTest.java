package dev.concord.platform.test;

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
}
