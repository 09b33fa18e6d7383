package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.SocialPolicies;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiException;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Who may be put in a group DM by whom: the platform lets people add only their friends. Friendship is
 * social-service's (asked uncached, like a DM's policy: a friend just removed must not be added); an id
 * that is no user, or no friend, is refused with 400 50033 "Invalid Recipient(s)".
 */
@Component
final class FriendsOnly {

    private final SocialPolicies social;
    private final UserDirectory users;

    FriendsOnly(SocialPolicies social, UserDirectory users) {
        this.social = social;
        this.users = users;
    }

    /** Empty when every one of {@code others} is a user and a friend of {@code adder}. */
    Mono<Void> requireAll(Snowflake adder, List<Snowflake> others) {
        if (others.isEmpty()) {
            return Mono.empty();
        }
        return users.findAll(others)
                .map(PartialUser::id)
                .collect(Collectors.toSet())
                .flatMap(found -> found.containsAll(others) ? Mono.just(found) : Mono.error(invalidRecipients()))
                .flatMapMany(Flux::fromIterable)
                .flatMap(other -> social.directMessages(other, adder))
                .all(SocialPolicies.DirectMessages::friends)
                .flatMap(allFriends -> allFriends ? Mono.<Void>empty() : Mono.error(invalidRecipients()));
    }

    static ApiException invalidRecipients() {
        return new ApiException(HttpStatus.BAD_REQUEST, 50033, "Invalid Recipient(s)");
    }
}
