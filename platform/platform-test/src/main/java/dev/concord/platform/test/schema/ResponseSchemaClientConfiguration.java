package dev.concord.platform.test.schema;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.WebTestClientBuilderCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Gives the {@code WebTestClient} of every {@code @AutoConfigureWebTestClient} test the response-schema
 * filter, as {@link dev.concord.platform.test.TestClients} does for the clients it builds. Imported through
 * this module's {@code AutoConfigureWebTestClient.imports}.
 */
@AutoConfiguration
public class ResponseSchemaClientConfiguration {

    @Bean
    WebTestClientBuilderCustomizer responseSchemaValidation() {
        return builder -> builder.filter(ResponseSchemaFilter.shared());
    }
}
