package dev.concord.platform.test;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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

    /** Asked over a socket of its own in RESP, as redis-cli would: the client's pools are what is in question. */
    private static String redisClients(TestInfrastructure infrastructure) {
        URI uri = URI.create(infrastructure.redisUri());
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write("CLIENT LIST\r\n".getBytes(StandardCharsets.US_ASCII));
            DataInputStream in = new DataInputStream(socket.getInputStream());
            String header = readLine(in);
            if (!header.startsWith("$")) {
                return "not read: " + header + "\n";
            }
            byte[] body = new byte[Integer.parseInt(header.substring(1))];
            in.readFully(body);
            return new String(body, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException unreachable) {
            return "not read: " + unreachable + "\n";
        }
    }

    private static String readLine(DataInputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("Redis closed the connection");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
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
