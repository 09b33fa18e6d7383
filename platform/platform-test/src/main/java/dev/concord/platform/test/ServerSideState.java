package dev.concord.platform.test;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * What Redis and PostgreSQL hold for the test JVM's clients when a test fails: whether a request left
 * waiting was waiting on one of them (a command Redis has not answered, a reply it could not send, a query
 * still running or a transaction left open) or on the client itself, with nothing pending on the server.
 * Redis's list names each client's last command, not its arguments; PostgreSQL's, each statement's text as
 * sent, whose bound values are not part of it.
 */
final class ServerSideState {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ServerSideState() {}

    static String report() {
        TestInfrastructure infrastructure = TestInfrastructure.get();
        return "Redis clients (CLIENT LIST):\n" + redisClients(infrastructure) + "\nPostgreSQL sessions not idle:\n"
                + busySessions(infrastructure);
    }

    /** Asked on a connection of its own: the clients' connections are what is in question. */
    private static String redisClients(TestInfrastructure infrastructure) {
        RedisURI uri = RedisURI.create(infrastructure.redisUri());
        uri.setTimeout(TIMEOUT);
        RedisClient client = RedisClient.create(uri);
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return connection.sync().clientList();
        } catch (RuntimeException unreachable) {
            return "not read: " + unreachable + "\n";
        } finally {
            client.shutdown();
        }
    }

    private static String busySessions(TestInfrastructure infrastructure) {
        String sql = "select datname, pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction,"
                + " now() - query_start as in_query, left(query, 80) as statement from pg_stat_activity"
                + " where state <> 'idle' and pid <> pg_backend_pid() and backend_type = 'client backend'";
        StringBuilder text = new StringBuilder();
        try (Connection connection = DriverManager.getConnection(
                        infrastructure.postgresJdbcUrl("postgres"),
                        infrastructure.postgresUser(),
                        infrastructure.postgresPassword());
                Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) TIMEOUT.toSeconds());
            try (ResultSet rows = statement.executeQuery(sql)) {
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    for (int i = 1; i <= columns; i++) {
                        text.append(rows.getMetaData().getColumnLabel(i))
                                .append('=')
                                .append(rows.getString(i))
                                .append(i < columns ? " " : "\n");
                    }
                }
            }
        } catch (SQLException | RuntimeException unreachable) {
            return "not read: " + unreachable;
        }
        return text.isEmpty() ? "none\n" : text.toString();
    }
}
