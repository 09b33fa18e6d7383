package dev.concord.gateway.session;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;

/**
 * Applies the replay memory's age limit while no new dispatches come (each new one applies it too), so
 * a quiet instance lets go of what no session can resume any more.
 */
@Component
final class ReplayExpiry implements SmartLifecycle {

    private static final Duration EVERY = Duration.ofSeconds(10);

    private final ReplayBudget budget;
    private volatile @Nullable Disposable ticking;

    ReplayExpiry(SessionRegistry sessions) {
        this.budget = sessions.replayBudget();
    }

    @Override
    public void start() {
        ticking = Flux.interval(EVERY).subscribe(tick -> budget.expire());
    }

    @Override
    public void stop() {
        Disposable running = ticking;
        if (running != null) {
            running.dispose();
        }
        ticking = null;
    }

    @Override
    public boolean isRunning() {
        return ticking != null;
    }
}
