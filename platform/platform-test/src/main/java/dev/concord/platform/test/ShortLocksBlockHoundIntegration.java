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
 *   <li>Netty's adaptive buffer allocator, when its magazines are contended, adds one and frees the
 *       old one's buffers under that magazine's write lock ({@code MagazineGroup.tryExpandMagazines},
 *       {@code Magazine.free}). A BlockHound error thrown there, on a busy socket's read, ended the read
 *       and the socket stopped receiving: the "stalled reader" of SlowConsumerIT, now and then since
 *       it was written.
 *   <li>Kafka's producer takes its buffer pool's lock to give a batch its memory
 *       ({@code BufferPool.allocate}) while its I/O thread may hold it for a moment to take memory back; a
 *       publish on an event loop can meet it there. It would wait for room in the pool only when the pool
 *       is full, and publishes that could meet a full pool do not run on event loops
 *       ({@code KafkaProducerPublisher}).
 *   <li>Not a lock, but once per JVM: Netty's {@code Zstd} class loads its native library from its jar when
 *       first used, which is when an HTTP client decodes its first response, on an event loop. Netty catches
 *       the BlockHound error there and goes on without zstd, silently ({@link ReportedBlockingCalls} showed it).
 * </ul>
 */
public final class ShortLocksBlockHoundIntegration implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside(
                "tools.jackson.databind.deser.DeserializerCache", "_createAndCacheValueDeserializer");
        builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters");
        builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "decrementWriters");
        builder.allowBlockingCallsInside(
                "io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup", "tryExpandMagazines");
        builder.allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$Magazine", "free");
        builder.allowBlockingCallsInside("org.apache.kafka.clients.producer.internals.BufferPool", "allocate");
        builder.allowBlockingCallsInside("io.netty.handler.codec.compression.Zstd", "<clinit>");
    }
}
