package dev.concord.gateway.session;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * A fan-out's wake-ups, one per event loop instead of one per socket. Handing a socket's write to its
 * event loop wakes the loop when it sleeps (a system call), and during a fan-out to thousands of sockets
 * on a few loops, loops went to sleep and were woken again over and over. Within {@link #run}, an
 * outbound queues its write without waking its loop ({@link #defer}) and the batch wakes every loop it
 * touched once, at its end.
 */
public final class DeliveryBatch {

    private static final ThreadLocal<@Nullable Set<Executor>> OPEN = new ThreadLocal<>();
    private static final Runnable WAKE_UP = () -> {};

    private DeliveryBatch() {}

    /** Runs {@code fanOut}, then wakes the loops its outbounds deferred to. Nested batches join the outer one. */
    public static void run(Runnable fanOut) {
        if (OPEN.get() != null) {
            fanOut.run();
            return;
        }
        Set<Executor> loops = new HashSet<>();
        OPEN.set(loops);
        try {
            fanOut.run();
        } finally {
            OPEN.remove();
            for (Executor loop : loops) {
                loop.execute(WAKE_UP);
            }
        }
    }

    /**
     * True within a batch on this thread: the caller queues its task on {@code loop} without waking it,
     * and the batch wakes it at its end.
     */
    public static boolean defer(Executor loop) {
        Set<Executor> loops = OPEN.get();
        if (loops == null) {
            return false;
        }
        loops.add(loop);
        return true;
    }
}
