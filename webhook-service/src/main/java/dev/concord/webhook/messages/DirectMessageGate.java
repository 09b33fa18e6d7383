package dev.concord.webhook.messages;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.Membership;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.SocialPolicies;
import dev.concord.platform.web.ApiException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Whether a DM may be sent, as the platform decides: never across a block (either way); between friends
 * always (people only: a bot has no friends); otherwise only with a guild in common whose members the
 * recipient takes DMs from (not one of their {@code restricted_guilds}) and whose DMs are not paused (an
 * incident action of its moderators). Refused with 50007.
 */
@Component
final class DirectMessageGate {

    private final SocialPolicies social;
    private final GuildAuthorization guilds;

    DirectMessageGate(SocialPolicies social, GuildAuthorization guilds) {
        this.social = social;
        this.guilds = guilds;
    }

    /** Empty when {@code author} may DM {@code recipient}; 400 50007 when not. */
    Mono<Void> check(Snowflake author, Snowflake recipient, boolean authorIsBot) {
        return social.directMessages(recipient, author).flatMap(policy -> {
            if (policy.blocked()) {
                return Mono.error(cannotMessage());
            }
            if (policy.friends() && !authorIsBot) {
                return Mono.empty();
            }
            return guilds.memberships(List.of(author, recipient)).flatMap(memberships -> {
                Set<Snowflake> authors = new HashSet<>();
                Set<Snowflake> shared = new HashSet<>();
                for (Membership membership : memberships) {
                    if (membership.userId().equals(author) && !membership.guildDmsPaused()) {
                        authors.add(membership.guildId());
                    }
                }
                for (Membership membership : memberships) {
                    if (membership.userId().equals(recipient) && authors.contains(membership.guildId())) {
                        shared.add(membership.guildId());
                    }
                }
                shared.removeAll(policy.restrictedGuildIds());
                return shared.isEmpty() ? Mono.error(cannotMessage()) : Mono.<Void>empty();
            });
        });
    }

    static ApiException cannotMessage() {
        return new ApiException(HttpStatus.BAD_REQUEST, 50007, "Cannot send messages to this user");
    }
}
