package dev.concord.platform.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A real PostgreSQL server run as a child process from the binaries zonky ships in a jar, bound to
 * 127.0.0.1. One server is meant to host many databases: creating a database takes milliseconds,
 * starting a server about a second.
 *
 * <p>initdb runs with trust authentication for the {@code postgres} superuser, so {@link #password()}
 * is accepted but not checked; it exists so callers configure credentials exactly as they would for
 * a real deployment.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final String SUPERUSER = "postgres";
    private static final String MAINTENANCE_DATABASE = "postgres";

    private final EmbeddedPostgres postgres;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts a throw-away server on {@code port} (0 = any free port); its data is deleted on close. */
    public static EmbeddedPostgresServer start(int port) {
        return start(port, null);
    }

    /**
     * Starts a server whose data lives in {@code dataDirectory} and survives {@link #close()}: the
     * directory is initialised on first use and reused afterwards (the local stack's mode).
     */
    public static EmbeddedPostgresServer start(int port, @Nullable Path dataDirectory) {
        ServerLogs.quiet();
        boolean ephemeral = dataDirectory == null;
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setPort(FreePorts.resolve(port))
                .setServerConfig("listen_addresses", FreePorts.LOOPBACK)
                // Generous: the first start on a cold machine also unpacks the binaries.
                .setPGStartupWait(Duration.ofSeconds(60))
                .setCleanDataDirectory(ephemeral);
        if (dataDirectory == null) {
            // Crash safety is pointless for data that is deleted anyway, and fsync dominates test time.
            builder.setServerConfig("fsync", "off").setServerConfig("full_page_writes", "off");
        } else {
            builder.setDataDirectory(dataDirectory.toFile());
        }
        try {
            return new EmbeddedPostgresServer(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start", e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    public String user() {
        return SUPERUSER;
    }

    public String password() {
        return SUPERUSER;
    }

    /** Creates {@code name} unless it already exists; safe to call from several processes. */
    public void createDatabase(String name) {
        PostgresDatabases.createIfMissing(jdbcUrl(MAINTENANCE_DATABASE), user(), password(), name);
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://" + FreePorts.LOOPBACK + ":" + port() + "/" + requireName(database);
    }

    public String r2dbcUrl(String database) {
        return "r2dbc:postgresql://" + FreePorts.LOOPBACK + ":" + port() + "/" + requireName(database);
    }

    /** Stops the server (fast shutdown) and, for a throw-away server, deletes its data. */
    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not stop cleanly", e);
        }
    }

    private static String requireName(String database) {
        return PostgresDatabases.requireValidName(Objects.requireNonNull(database, "database"));
    }
}
