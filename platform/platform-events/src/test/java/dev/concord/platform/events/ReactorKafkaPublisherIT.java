package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Publishing from a thread that must not block (the outbox relay runs on the database client's event
 * loop) creates the Kafka producer elsewhere: KafkaProducer's constructor blocks, and BlockHound, which
 * these tests run under, would fail it — and reactor-kafka would keep that failure for good.
 */
class ReactorKafkaPublisherIT {

    @Test
    void theFirstPublishFromAnEventLoopDoesNotBlockIt() {
        // No broker listens there: the publish can only wait, which is the point.
        ReactorKafkaPublisher publisher = new ReactorKafkaPublisher("127.0.0.1:1");
        try {
            Throwable failure = Mono.defer(
                            () -> publisher.publish(List.of(new EventPublisher.OutboundRecord("t", "k", "v"))))
                    .subscribeOn(Schedulers.parallel())
                    .timeout(Duration.ofSeconds(2))
                    .then(Mono.<Throwable>empty())
                    .onErrorResume(Mono::just)
                    .block(Duration.ofSeconds(10));

            assertThat(failure)
                    .as("waiting for the broker, not failed by a blocking call")
                    .isInstanceOf(TimeoutException.class);
        } finally {
            publisher.close();
        }
    }
}
