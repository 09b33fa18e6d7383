package dev.concord.platform.test.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.TestInfrastructure;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The fingerprint against a real PostgreSQL: it keeps its last hash only while nothing was committed, and
 * sees every committed change, including one from a transaction that was open when the hash was taken.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoredStateTest {

    private static final String DATABASE = "stored_state_test";

    private final TestInfrastructure infrastructure = TestInfrastructure.get();
    private StoredState storedState;

    @BeforeAll
    void createTables() throws SQLException {
        infrastructure.createDatabase(DATABASE);
        execute("CREATE TABLE IF NOT EXISTS notes (id int PRIMARY KEY, text text NOT NULL)");
        execute("CREATE TABLE IF NOT EXISTS outbox (id int PRIMARY KEY)");
        execute("TRUNCATE notes, outbox");
        execute("INSERT INTO notes VALUES (1, 'one')");
        ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(infrastructure.postgresR2dbcUrl(DATABASE))
                .mutate()
                .option(ConnectionFactoryOptions.USER, infrastructure.postgresUser())
                .option(ConnectionFactoryOptions.PASSWORD, infrastructure.postgresPassword())
                .build();
        storedState = StoredState.of(DatabaseClient.create(ConnectionFactories.get(options)));
    }

    @Test
    void aChangeIsSeenAndNothingElseIs() throws SQLException {
        String before = storedState.get();
        assertThat(storedState.get()).as("nothing changed").isEqualTo(before);

        execute("INSERT INTO outbox VALUES (1)");
        assertThat(storedState.get()).as("a table that changes by itself").isEqualTo(before);

        execute("UPDATE notes SET text = 'one' WHERE id = 1");
        assertThat(storedState.get()).as("an update to the same value").isEqualTo(before);

        execute("INSERT INTO notes VALUES (2, 'two')");
        String inserted = storedState.get();
        assertThat(inserted).as("an insert").isNotEqualTo(before);

        execute("DELETE FROM notes WHERE id = 2");
        assertThat(storedState.get()).as("the same rows again").isEqualTo(before);
    }

    @Test
    void aTransactionOpenWhenTheHashWasTakenIsSeenOnceCommitted() throws SQLException {
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("UPDATE notes SET text = 'changed while hashing' WHERE id = 1");
            }
            String during = storedState.get();
            connection.commit();
            assertThat(storedState.get()).isNotEqualTo(during);
        } finally {
            execute("UPDATE notes SET text = 'one' WHERE id = 1");
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(
                infrastructure.postgresJdbcUrl(DATABASE),
                infrastructure.postgresUser(),
                infrastructure.postgresPassword());
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = connect();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
