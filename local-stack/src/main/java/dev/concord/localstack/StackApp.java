package dev.concord.localstack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** An app of the stack as the launcher sees it: in a JVM of its own ({@link ChildProcess}) or in the launcher's. */
interface StackApp {

    App app();

    /** Why the app is not running, or null while it runs or is still starting. */
    @Nullable
    String failure();

    /** Where its logging goes. */
    Path logFile();

    /** Asks the app to stop (gracefully, as Kubernetes would); completes once it has. */
    CompletableFuture<Void> stop();

    /** How long {@link #stop()} may take before {@link #kill()}. */
    Duration stopTimeout();

    /** Ends the app at once, after a stop that took too long. */
    void kill();
}
