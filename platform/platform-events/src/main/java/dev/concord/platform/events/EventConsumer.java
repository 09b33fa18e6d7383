package dev.concord.platform.events;

import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;

/**
 * A Kafka consumer that lives with the application: it subscribes when the context starts and disposes
 * its subscription when it stops, so a shutting-down service takes no new events.
 */
public abstract class EventConsumer implements SmartLifecycle {

    private volatile @Nullable Disposable subscription;

    /** Subscribes, typically through {@link EventSubscriber#subscribe}. */
    protected abstract Disposable subscribe();

    @Override
    public final void start() {
        subscription = subscribe();
    }

    @Override
    public final void stop() {
        Disposable current = subscription;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public final boolean isRunning() {
        Disposable current = subscription;
        return current != null && !current.isDisposed();
    }
}
