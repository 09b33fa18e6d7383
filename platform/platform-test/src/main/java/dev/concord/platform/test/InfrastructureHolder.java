package dev.concord.platform.test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;

/**
 * Owns the JVM-wide {@link TestInfrastructure}: starts it once, remembers a failed start (so a
 * broken environment fails each test class at once instead of retrying a slow start), stops it at exit.
 */
final class InfrastructureHolder {

    private static final Logger LOG = LoggerFactory.getLogger(InfrastructureHolder.class);
    /** How long the plain JVM hook leaves Spring Boot to close its contexts and then the servers. */
    private static final long SPRING_SHUTDOWN_GRACE_SECONDS = 30;

    private static final AtomicBoolean SPRING_MANAGED = new AtomicBoolean();
    private static final CountDownLatch CLOSED = new CountDownLatch(1);
    private static @Nullable ManagedInfrastructure instance;
    private static @Nullable RuntimeException failure;

    private InfrastructureHolder() {}

    static synchronized TestInfrastructure instance() {
        if (instance != null) {
            return instance;
        }
        if (failure != null) {
            throw new IllegalStateException("Test infrastructure failed to start earlier in this JVM", failure);
        }
        long started = System.nanoTime();
        try {
            instance =
                    DockerDetector.useContainers() ? ContainerInfrastructure.start() : EmbeddedInfrastructure.start();
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        }
        Runtime.getRuntime()
                .addShutdownHook(new Thread(InfrastructureHolder::closeFromJvmHook, "test-infrastructure-stop"));
        LOG.info(
                "Test infrastructure ready in {} ms ({})",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                instance.description());
        return instance;
    }

    /**
     * Called once a Spring application context uses the infrastructure. JVM shutdown hooks run
     * concurrently, but Spring Boot runs its shutdown handlers after closing every context: stopping
     * the servers there lets producers flush and pools close against live servers.
     */
    static void stopAfterSpringContexts() {
        if (SPRING_MANAGED.compareAndSet(false, true)) {
            SpringApplication.getShutdownHandlers().add(InfrastructureHolder::close);
        }
    }

    private static void closeFromJvmHook() {
        if (SPRING_MANAGED.get()) {
            try {
                // Normally Spring Boot's handler closes everything meanwhile; if it never runs
                // (its hook disabled), fall through and close here anyway.
                CLOSED.await(SPRING_SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        close();
    }

    private static void close() {
        ManagedInfrastructure running;
        synchronized (InfrastructureHolder.class) {
            running = instance;
        }
        try {
            if (running != null && CLOSED.getCount() > 0) {
                running.close();
                LOG.info("Test infrastructure stopped");
            }
        } catch (RuntimeException e) {
            LOG.warn("Test infrastructure did not stop cleanly", e);
        } finally {
            CLOSED.countDown();
        }
    }
}
