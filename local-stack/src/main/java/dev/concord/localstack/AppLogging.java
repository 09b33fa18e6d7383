package dev.concord.localstack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Logging of the apps in the launcher's JVM. Their SLF4J and Logback are shared libraries like the rest,
 * so there is one logging configuration for each family of apps sharing libraries ({@link
 * AppClassLoaders}), all appending to one file, set up here before the first app starts: Spring
 * Boot's logging system is switched off (each app would reset the shared configuration as it starts), and
 * Logback reads {@code local-stack-apps-logback.xml}. None of this touches the launcher's own Logback,
 * which lives in another class loader.
 */
final class AppLogging {

    static final String LOG_FILE = "apps.log";

    private static final String CONFIG_RESOURCE = "/local-stack-apps-logback.xml";
    private static final String LOGBACK_CONFIG_PROPERTY = "logback.configurationFile";

    private AppLogging() {}

    /** Configures the Logback of each of {@code libraries}, all writing to one new {@code apps.log}. */
    static Path configure(List<ClassLoader> libraries, Path stateDir, Path logDir) {
        Path logFile = logDir.resolve(LOG_FILE);
        try {
            Files.deleteIfExists(logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot replace " + logFile, e);
        }
        Path config = writeConfig(logFile, stateDir);
        System.setProperty("org.springframework.boot.logging.LoggingSystem", "none");
        libraries.forEach(loader -> initialise(loader, config));
        return logFile;
    }

    private static Path writeConfig(Path logFile, Path stateDir) {
        Path config = stateDir.resolve("apps").resolve("logback.xml");
        try (InputStream template =
                Objects.requireNonNull(AppLogging.class.getResourceAsStream(CONFIG_RESOURCE), CONFIG_RESOURCE)) {
            String xml = new String(template.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("LOG_FILE", logFile.toAbsolutePath().toString());
            Files.createDirectories(config.getParent());
            Files.writeString(config, xml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + config, e);
        }
        return config;
    }

    private static void initialise(ClassLoader libraries, Path config) {
        // Logback reads the property once, when SLF4J first binds to it; the launcher's Logback (and, in a
        // test JVM, the tests') has its own, so the property is only set for this one initialisation.
        String previous = System.getProperty(LOGBACK_CONFIG_PROPERTY);
        System.setProperty(LOGBACK_CONFIG_PROPERTY, config.toAbsolutePath().toString());
        try {
            Class.forName("org.slf4j.LoggerFactory", true, libraries)
                    .getMethod("getILoggerFactory")
                    .invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("The apps' SLF4J cannot be set up", e);
        } finally {
            if (previous == null) {
                System.clearProperty(LOGBACK_CONFIG_PROPERTY);
            } else {
                System.setProperty(LOGBACK_CONFIG_PROPERTY, previous);
            }
        }
    }

    /** Stops echoing errors to the terminal: while the stack stops, apps losing their servers are expected. */
    static void quietTerminal(ClassLoader appLoader) {
        try {
            Object context = Class.forName("org.slf4j.LoggerFactory", true, appLoader)
                    .getMethod("getILoggerFactory")
                    .invoke(null);
            Object root =
                    context.getClass().getMethod("getLogger", String.class).invoke(context, "ROOT");
            root.getClass().getMethod("detachAppender", String.class).invoke(root, "CONSOLE");
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Errors of the stopping apps are then echoed too: noisy, not wrong.
        }
    }
}
