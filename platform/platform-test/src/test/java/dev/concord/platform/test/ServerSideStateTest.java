package dev.concord.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class ServerSideStateTest {

    @Test
    void namesRedisClientsAndTheTransactionLeftOpen() throws Exception {
        TestInfrastructure infrastructure = TestInfrastructure.get();
        try (Connection open = DriverManager.getConnection(
                        infrastructure.postgresJdbcUrl("postgres"),
                        infrastructure.postgresUser(),
                        infrastructure.postgresPassword());
                Statement statement = open.createStatement()) {
            open.setAutoCommit(false);
            statement.execute("select 42 as left_open");

            String report = ServerSideState.report();

            assertThat(report).contains("Redis clients (CLIENT LIST):\nid=").contains("cmd=client");
            assertThat(report).contains("state=idle in transaction").contains("statement=select 42 as left_open");
            open.rollback();
        }
        assertThat(ServerSideState.report()).doesNotContain("left_open");
    }
}
