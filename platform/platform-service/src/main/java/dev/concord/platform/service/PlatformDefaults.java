package dev.concord.platform.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * Adds the settings every service shares (probes, metrics, shutdown, Flyway locations) at the lowest
 * precedence, so a service's own application.yml or the environment can still change any of them.
 */
public final class PlatformDefaults implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        try {
            environment
                    .getPropertySources()
                    .addLast(new ResourcePropertySource(
                            "concordDefaults", new ClassPathResource("concord-defaults.properties")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
