package dev.concord.platform.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresServerTest {

    @Test
    void createsDatabasesIdempotentlyAndServesThemOverJdbc() throws SQLException {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(0)) {
            postgres.createDatabase("alpha");
            postgres.createDatabase("alpha");
            postgres.createDatabase("beta");

            assertThat(queryString(postgres, "alpha", "SELECT current_database()"))
                    .isEqualTo("alpha");
            assertThat(queryString(postgres, "beta", "SHOW listen_addresses")).isEqualTo("127.0.0.1");
            assertThat(postgres.r2dbcUrl("alpha"))
                    .isEqualTo("r2dbc:postgresql://127.0.0.1:" + postgres.port() + "/alpha");
        }
    }

    @Test
    void rejectsNamesThatWouldNeedQuoting() {
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(0)) {
            assertThatThrownBy(() -> postgres.createDatabase("Robert'); DROP"))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void keepsDataInAGivenDirectoryAcrossRestarts(@TempDir Path dataDir) throws SQLException {
        int port = FreePorts.find();
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(port, dataDir)) {
            postgres.createDatabase("kept");
            execute(postgres, "kept", "CREATE TABLE note (body text); INSERT INTO note VALUES ('survives')");
        }
        try (EmbeddedPostgresServer postgres = EmbeddedPostgresServer.start(port, dataDir)) {
            assertThat(postgres.port()).isEqualTo(port);
            assertThat(queryString(postgres, "kept", "SELECT body FROM note")).isEqualTo("survives");
        }
    }

    private static void execute(EmbeddedPostgresServer postgres, String db, String sql) throws SQLException {
        try (Connection connection = connect(postgres, db);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String queryString(EmbeddedPostgresServer postgres, String db, String sql) throws SQLException {
        try (Connection connection = connect(postgres, db);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }

    private static Connection connect(EmbeddedPostgresServer postgres, String db) throws SQLException {
        return DriverManager.getConnection(postgres.jdbcUrl(db), postgres.user(), postgres.password());
    }
}
