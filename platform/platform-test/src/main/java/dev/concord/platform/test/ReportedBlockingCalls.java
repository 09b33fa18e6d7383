package dev.concord.platform.test;

import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Prints every blocking call BlockHound catches, with its stack, before it is thrown as always. Thrown
 * inside a library's callback (a future's, a listener's), the error may be swallowed there and leave a
 * request waiting for good without a word: the test then fails on its timeout, and this is what says why.
 * Printed to standard error rather than logged: a logger may take a lock of its own, here of all places.
 */
public final class ReportedBlockingCalls implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.blockingMethodCallback(method -> {
            BlockingOperationError error = new BlockingOperationError(method);
            StringBuilder report = new StringBuilder("BLOCKING CALL on ")
                    .append(Thread.currentThread().getName())
                    .append(": ")
                    .append(error.getMessage());
            for (StackTraceElement frame : error.getStackTrace()) {
                report.append("\n\tat ").append(frame);
            }
            System.err.println(report);
            throw error;
        });
    }
}
