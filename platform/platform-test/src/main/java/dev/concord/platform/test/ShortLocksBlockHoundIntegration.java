package dev.concord.platform.test;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Locks our libraries hold for a few instructions, on purpose, on event loops; BlockHound sees a thread
 * park on one under contention and would fail the request (and, inside a library, can leave it broken).
 * Any other lock on an event loop still fails the test that took it.
 *
 * <ul>
 *   <li>Jackson builds the deserialiser of a type once, under a lock, the first time the type is read;
 *       requests racing on that first use wait for each other (seen: six concurrent first PATCHes).
 *   <li>Lettuce counts a connection's writers under a lock held for a counter update
 *       ({@code SharedLock}); two event loops writing to one connection may meet there. A BlockHound
 *       error thrown from inside it left the gateway's Redis connection timing out every command.
 * </ul>
 */
public final class ShortLocksBlockHoundIntegration implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside(
                "tools.jackson.databind.deser.DeserializerCache", "_createAndCacheValueDeserializer");
        builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters");
        builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "decrementWriters");
    }
}
