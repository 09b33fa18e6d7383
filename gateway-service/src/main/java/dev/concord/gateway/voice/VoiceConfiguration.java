package dev.concord.gateway.voice;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.guilds.GuildVoice;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class VoiceConfiguration {

    /** Carried out by guild-service when it is configured; otherwise op 4 is accepted and does nothing. */
    @Bean
    VoiceStates voiceStates(ObjectProvider<GuildVoice> guildService, SessionRegistry sessions) {
        GuildVoice voice = guildService.getIfAvailable();
        if (voice == null) {
            return VoiceStates.IGNORED;
        }
        GuildServiceVoiceStates states = new GuildServiceVoiceStates(voice);
        sessions.listenToSessions(states);
        return states;
    }
}
