package dev.concord.gateway;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * This process among the gateway's replicas: recorded with each session in Redis, and part of the Kafka
 * consumer group, which must be unique per instance because every instance needs every event for its own
 * sessions.
 */
public record InstanceId(String value) {

    public static InstanceId random() {
        byte[] bytes = new byte[6];
        new SecureRandom().nextBytes(bytes);
        return new InstanceId(HexFormat.of().formatHex(bytes));
    }

    @Override
    public String toString() {
        return value;
    }
}
