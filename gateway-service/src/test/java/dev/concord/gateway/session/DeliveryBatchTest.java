package dev.concord.gateway.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DeliveryBatchTest {

    /** Counts the tasks it is given: each is a wake-up of a sleeping loop. */
    static final class CountingLoop implements Executor {
        final List<Runnable> executed = new ArrayList<>();

        @Override
        public void execute(Runnable task) {
            executed.add(task);
        }
    }

    @Test
    void outsideABatchNothingIsDeferred() {
        assertThat(DeliveryBatch.defer(new CountingLoop())).isFalse();
    }

    @Test
    void aBatchWakesEachLoopItsOutboundsDeferredToOnceAtItsEnd() {
        CountingLoop first = new CountingLoop();
        CountingLoop second = new CountingLoop();
        CountingLoop untouched = new CountingLoop();
        List<Boolean> deferred = new ArrayList<>();

        DeliveryBatch.run(() -> {
            for (int socket = 0; socket < 100; socket++) {
                deferred.add(DeliveryBatch.defer(socket % 2 == 0 ? first : second));
            }
            assertThat(first.executed).as("not woken during the fan-out").isEmpty();
        });

        assertThat(deferred).hasSize(100).containsOnly(true);
        assertThat(first.executed).hasSize(1);
        assertThat(second.executed).hasSize(1);
        assertThat(untouched.executed).isEmpty();
        assertThat(DeliveryBatch.defer(first)).as("the batch is over").isFalse();
    }

    @Test
    void aNestedBatchJoinsTheOuterOne() {
        CountingLoop loop = new CountingLoop();

        DeliveryBatch.run(() -> {
            DeliveryBatch.run(() -> DeliveryBatch.defer(loop));
            assertThat(loop.executed).isEmpty();
            DeliveryBatch.defer(loop);
        });

        assertThat(loop.executed).hasSize(1);
    }

    @Test
    void tasksQueuedLazilyOnARealLoopRunOnceTheBatchIsOver() throws InterruptedException {
        DefaultEventLoop loop = new DefaultEventLoop();
        try {
            CountDownLatch ran = new CountDownLatch(10);
            DeliveryBatch.run(() -> {
                for (int i = 0; i < 10; i++) {
                    assertThat(DeliveryBatch.defer(loop)).isTrue();
                    loop.lazyExecute(ran::countDown);
                }
            });

            assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
