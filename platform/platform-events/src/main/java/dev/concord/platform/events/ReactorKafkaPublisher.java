package dev.concord.platform.events;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.kafka.sender.KafkaSender;
import reactor.kafka.sender.SenderOptions;
import reactor.kafka.sender.SenderRecord;

/** {@link EventPublisher} on reactor-kafka: idempotent producer, acks=all, order kept per key. */
final class ReactorKafkaPublisher implements EventPublisher {

    private final KafkaSender<String, String> sender;

    ReactorKafkaPublisher(String bootstrapServers) {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                // Idempotence keeps order with up to 5 requests in flight per partition.
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
                5,
                // The relay hands over a whole batch of rows at once, which fills producer batches without
                // waiting; a linger would only add its own delay to every event.
                ProducerConfig.LINGER_MS_CONFIG,
                0,
                // Give up on a batch after 30 s; the relay keeps the rows and sends them again.
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                30_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                10_000,
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                10_000,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class);
        this.sender =
                KafkaSender.create(SenderOptions.<String, String>create(config).stopOnError(true));
    }

    @Override
    public Mono<Void> publish(List<OutboundRecord> records) {
        Flux<SenderRecord<String, String, Integer>> outbound = Flux.range(0, records.size())
                .map(i -> {
                    OutboundRecord record = records.get(i);
                    return SenderRecord.create(new ProducerRecord<>(record.topic(), record.key(), record.payload()), i);
                });
        // reactor-kafka creates its KafkaProducer, once, on the thread that first subscribes (and caches a
        // failure for good): that must not be an event loop, where the constructor's blocking calls fail
        // under BlockHound and stall the loop in production. Sends themselves run on the sender's own thread.
        return sender.send(outbound)
                .doOnNext(result -> {
                    if (result.exception() != null) {
                        throw new EventPublishException(result.exception());
                    }
                })
                .then()
                .subscribeOn(Schedulers.boundedElastic());
    }

    @Override
    public void close() {
        sender.close();
    }

    static final class EventPublishException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EventPublishException(Throwable cause) {
            super("event not acknowledged", cause);
        }
    }
}
