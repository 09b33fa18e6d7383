package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Wires what connections share. */
@Configuration(proxyBeanMethods = false)
class SessionConfiguration {

    @Bean
    ConnectionServices connectionServices(GatewaySettings settings, JsonMapper mapper, TokenAuthenticator authenticator,
            IdentityClient identity, SessionRegistry sessions) {
        return new ConnectionServices(settings, mapper, authenticator, identity, sessions, System::nanoTime);
    }
}
