package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Invites the platform makes and removes itself (a public stage's), with INVITE_CREATE and INVITE_DELETE. */
@Component
public final class PlatformInvites {

    private final InviteService invites;

    PlatformInvites(InviteService invites) {
        this.invites = invites;
    }

    /** A permanent invite to the channel in the inviter's name; its code. */
    public Mono<String> createPermanent(Snowflake guildId, Snowflake channelId, Snowflake inviterId) {
        return invites.createPermanent(guildId, channelId, inviterId);
    }

    public Mono<Void> delete(String code) {
        return invites.deleteMade(code);
    }
}
