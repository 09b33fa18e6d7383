package dev.concord.platform.infra;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * Creates PostgreSQL databases on any server reachable over JDBC as a superuser, so the embedded
 * server and a containerised one share exactly the same logic.
 */
public final class PostgresDatabases {

    /**
     * Plain lower-case identifiers only: they need no quoting rules and cannot inject SQL, and
     * PostgreSQL truncates names beyond 63 bytes, which would silently alias two databases.
     */
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /** SQLSTATE duplicate_database: another process won the race to create it. */
    private static final String DUPLICATE_DATABASE = "42P04";

    private PostgresDatabases() {}

    /** Validates a database name; returns it unchanged. */
    public static String requireValidName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Database name must match " + NAME.pattern() + ": " + name);
        }
        return name;
    }

    /**
     * Creates {@code name} unless it exists. {@code adminJdbcUrl} points at a database that always
     * exists (normally {@code postgres}); CREATE DATABASE cannot run inside a transaction, hence
     * the auto-commit connection.
     */
    public static void createIfMissing(String adminJdbcUrl, String user, String password, String name) {
        requireValidName(name);
        try (Connection connection = DriverManager.getConnection(adminJdbcUrl, user, password)) {
            if (exists(connection, name)) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE DATABASE " + name);
            } catch (SQLException e) {
                if (!DUPLICATE_DATABASE.equals(e.getSQLState())) {
                    throw e;
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create database " + name, e);
        }
    }

    private static boolean exists(Connection connection, String name) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, name);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next();
            }
        }
    }
}
