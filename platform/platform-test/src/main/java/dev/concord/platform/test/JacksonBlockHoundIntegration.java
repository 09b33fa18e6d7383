package dev.concord.platform.test;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Jackson builds the deserialiser of a type once, under a lock, the first time the type is read or
 * written; requests racing on that first use wait for each other there. It happens once per type in a
 * process's life, not per request, so it is allowed; any other lock on an event loop still fails.
 */
public final class JacksonBlockHoundIntegration implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside("tools.jackson.databind.deser.DeserializerCache", "_createAndCacheValueDeserializer");
    }
}
