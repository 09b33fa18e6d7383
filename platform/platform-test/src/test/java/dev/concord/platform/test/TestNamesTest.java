package dev.concord.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestNamesTest {

    @Test
    void snakeCasesTheClassNameAndAppendsTheSlice() {
        assertThat(TestNames.database(TestNamesTest.class, 7)).isEqualTo("test_names_test_7");
        assertThat(TestNames.database(HTTPServerIT.class, 12)).isEqualTo("test_names_test_http_server_it_12");
    }

    @Test
    void staysWithinPostgresIdentifierLimit() {
        String name = TestNames.database(
                AVeryLongNestedTestClassNameThatKeepsGoingWellBeyondWhatPostgresAllowsIT.class, 123456);
        assertThat(name).hasSize(TestNames.MAX_IDENTIFIER).endsWith("_123456").matches("[a-z_][a-z0-9_]*");
    }

    @Test
    void ignoresClassesWithoutTheAnnotation() {
        assertThat(new RealInfrastructureContextCustomizerFactory()
                        .createContextCustomizer(TestNamesTest.class, List.of()))
                .isNull();
        assertThat(new RealInfrastructureContextCustomizerFactory()
                        .createContextCustomizer(HTTPServerIT.class, List.of()))
                .isEqualTo(new RealInfrastructureContextCustomizer(HTTPServerIT.class))
                .isNotEqualTo(new RealInfrastructureContextCustomizer(TestNamesTest.class));
    }

    @RealInfrastructure
    static class HTTPServerIT {}

    static class AVeryLongNestedTestClassNameThatKeepsGoingWellBeyondWhatPostgresAllowsIT {}
}
