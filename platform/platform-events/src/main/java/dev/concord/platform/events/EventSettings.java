package dev.concord.platform.events;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Kafka and the outbox.
 *
 * @param bootstrapServers Kafka brokers
 * @param topicPrefix prepended to every topic name (tests isolate themselves with it)
 * @param topic the topic this service publishes to, e.g. {@code social.events}; none for consumers only
 * @param source this service's name in the envelope; {@code spring.application.name} when not set
 * @param relayBatchSize rows the relay publishes per round
 * @param relayPollMillis fallback poll when no notification arrives (a lost notification, Kafka back)
 * @param relayPauseMillis how long the relay waits after a round that published more than one row before
 *     the next, so that under a steady stream of changes a round publishes what piled up meanwhile instead
 *     of one or two rows: a few milliseconds more per event, far fewer statements and Kafka requests
 * @param relayBatchTimeoutMillis how long the relay waits for one batch (read, published, deleted) before it gives
 *     up on it and reads the batch again: far beyond a publish's own limits, so only an answer that will never come
 *     (a query left waiting forever by a driver bug, once) is cut short, instead of stopping every event for good
 * @param consumerCommitMillis how often a consumer commits the offsets it handled; after a crash, at most
 *     this much is handled again (consumers drop repeats by event id). Each consumer's timer ticks this often
 *     whether or not there is anything to commit, so it is not shorter than needed.
 */
@ConfigurationProperties("concord.kafka")
public record EventSettings(
        @DefaultValue("127.0.0.1:9092") String bootstrapServers,
        @DefaultValue("") String topicPrefix,
        String topic,
        String source,
        @DefaultValue("500") int relayBatchSize,
        @DefaultValue("1000") long relayPollMillis,
        @DefaultValue("4") long relayPauseMillis,
        @DefaultValue("60000") long relayBatchTimeoutMillis,
        @DefaultValue("1000") long consumerCommitMillis) {

    public String topicName(String name) {
        return topicPrefix + name;
    }
}
