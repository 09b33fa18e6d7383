package dev.concord.gateway.members;

import dev.concord.platform.guilds.GuildAuthorization;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

@Configuration(proxyBeanMethods = false)
class MemberRequestsConfiguration {

    /** Answered from guild-service when it is configured; otherwise no request is answered. */
    @Bean
    MemberRequests memberRequests(ObjectProvider<GuildAuthorization> guildService, JsonMapper mapper) {
        GuildAuthorization guilds = guildService.getIfAvailable();
        return guilds == null ? MemberRequests.IGNORED : new GuildMemberRequests(guilds, mapper, System::nanoTime);
    }
}
