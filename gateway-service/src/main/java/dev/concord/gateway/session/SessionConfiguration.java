package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.IdentifyLimits;
import dev.concord.gateway.members.MemberRequests;
import dev.concord.gateway.voice.VoiceStates;
import dev.concord.platform.guilds.GuildAuthorization;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Wires what connections share. */
@Configuration(proxyBeanMethods = false)
class SessionConfiguration {

    @Bean
    ConnectionServices connectionServices(
            GatewaySettings settings,
            JsonMapper mapper,
            TokenAuthenticator authenticator,
            IdentityClient identity,
            ObjectProvider<GuildAuthorization> guildService,
            SessionRegistry sessions,
            HomeAdoption homes,
            IdentifyLimits limits,
            MemberRequests memberRequests,
            SessionPresences presences,
            VoiceStates voice) {
        GuildAuthorization authorization = guildService.getIfAvailable();
        UserGuilds guilds = authorization == null ? UserGuilds.NONE : authorization::guildsOf;
        return new ConnectionServices(
                settings,
                mapper,
                authenticator,
                identity,
                guilds,
                sessions,
                homes,
                System::nanoTime,
                limits,
                memberRequests,
                presences,
                voice);
    }
}
