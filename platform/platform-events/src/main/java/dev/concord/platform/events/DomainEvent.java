package dev.concord.platform.events;

import java.util.Objects;

/**
 * An event a service records with its state change.
 *
 * @param type the gateway dispatch name
 * @param key what orders it on Kafka (events with one key arrive in order), usually a user or guild id
 * @param audience who receives it
 * @param data the dispatch payload, serialised with the platform's JSON settings
 */
public record DomainEvent(String type, String key, Audience audience, Object data) {

    public DomainEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(audience, "audience");
    }
}
