package dev.concord.platform.test;

/** A {@link TestInfrastructure} that its holder can shut down; close() must be idempotent. */
interface ManagedInfrastructure extends TestInfrastructure, AutoCloseable {

    /** Short label for logs: which servers back this run. */
    String description();

    @Override
    void close();
}
