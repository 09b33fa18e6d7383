package dev.concord.localstack;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * Copies an app's combined stdout/stderr into its log file and echoes each ERROR line, one line
 * tagged with the app's name, to the launcher's console: the console stays readable with seven apps
 * running, yet a failure is never silent.
 */
final class LogPump implements Runnable {

    /** Spring Boot's console format puts the level right after the timestamp. */
    private static final Pattern ERROR_LINE = Pattern.compile("^\\S+\\s+ERROR\\b");
    /** Prose, not a heading: skips "APPLICATION FAILED TO START" and "Description:" to reach the reason. */
    private static final Pattern MEANINGFUL = Pattern.compile("^(?!.*:\\s*$).*[a-z]");

    private static final int ECHO_LIMIT = 240;

    private final String tag;
    private final InputStream output;
    private final Path logFile;
    private final BooleanSupplier echoing;

    private LogPump(String tag, InputStream output, Path logFile, BooleanSupplier echoing) {
        this.tag = tag;
        this.output = output;
        this.logFile = logFile;
        this.echoing = echoing;
    }

    /**
     * Starts pumping on a daemon thread; it ends by itself when the process closes its output. Error
     * lines are echoed while {@code echoing} says so.
     */
    static void start(String tag, InputStream output, Path logFile, BooleanSupplier echoing) {
        Thread thread = new Thread(new LogPump(tag, output, logFile, echoing), "log-" + tag);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8));
                Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8)) {
            boolean explainNext = false;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                log.write(line);
                log.write('\n');
                // Flushed per line so that `tail -f` on the log follows the app live.
                log.flush();
                if (ERROR_LINE.matcher(line).find()) {
                    echo(line);
                    // Spring's start-up failure report logs an empty message and the report on the lines after;
                    // its first sentence is what the developer needs to see.
                    explainNext = line.endsWith(": ");
                } else if (explainNext && MEANINGFUL.matcher(line).find()) {
                    echo(line.strip());
                    explainNext = false;
                }
            }
        } catch (IOException e) {
            System.err.println("[" + tag + "] log copy to " + logFile + " stopped: " + e);
        }
    }

    private void echo(String line) {
        if (!echoing.getAsBoolean()) {
            return;
        }
        String shown = line.length() > ECHO_LIMIT ? line.substring(0, ECHO_LIMIT) + "..." : line;
        System.out.println("[" + tag + "] " + shown);
    }
}
