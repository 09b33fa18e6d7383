package dev.concord.platform.test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Prints the threads of the test JVM when a test fails, into the test's output, and what Redis and PostgreSQL
 * hold for it ({@link ServerSideState}): a wait that timed out (an event never published, a Redis answer never
 * read) is only explained by what the service's threads and servers were doing meanwhile, and a flake seldom
 * happens twice on one's own machine.
 */
public final class ThreadDumpOnFailure implements TestWatcher {

    private static final int FRAMES = 40;

    @Override
    public void testFailed(ExtensionContext context, @Nullable Throwable cause) {
        System.out.println("Threads when " + context.getDisplayName() + " failed:\n" + dump());
        System.out.println("Servers when " + context.getDisplayName() + " failed:\n" + ServerSideState.report());
    }

    static String dump() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] deadlocked = threads.findDeadlockedThreads();
        String deadlocks = deadlocked == null ? "" : "DEADLOCKED: " + Arrays.toString(deadlocked) + "\n";
        return deadlocks
                + Arrays.stream(threads.dumpAllThreads(true, true))
                        .sorted(Comparator.comparing(ThreadInfo::getThreadName))
                        .map(ThreadDumpOnFailure::describe)
                        .collect(Collectors.joining("\n"));
    }

    /** ThreadInfo's own toString stops at eight frames, too few to see who waits for what. */
    private static String describe(ThreadInfo thread) {
        StringBuilder text = new StringBuilder("\"")
                .append(thread.getThreadName())
                .append("\" #")
                .append(thread.getThreadId())
                .append(' ')
                .append(thread.getThreadState());
        if (thread.getLockName() != null) {
            text.append(" on ").append(thread.getLockName());
        }
        if (thread.getLockOwnerName() != null) {
            text.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
        }
        StackTraceElement[] frames = thread.getStackTrace();
        for (int i = 0; i < Math.min(FRAMES, frames.length); i++) {
            text.append("\n    at ").append(frames[i]);
        }
        if (frames.length > FRAMES) {
            text.append("\n    ...");
        }
        return text.append('\n').toString();
    }
}
