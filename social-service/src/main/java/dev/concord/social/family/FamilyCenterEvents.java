package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.users.PartialUser;

/**
 * The event a link change publishes, once to each of the two users (documented by the fixtures under
 * {@code src/test/resources/events/}).
 *
 * <p>The platform fires User Update after a Family Center change: it tells the user's clients that
 * something about their account changed, and they refetch the Family Center. Its data is normally the full
 * user, which identity owns; this service has only the partial user. Clients apply USER_UPDATE to their
 * copy of the current user field by field (the libraries patch what is present), so the data is the
 * fields this service really knows, current as of identity's last event, and nothing else: no email,
 * flags or verification state that would be invented or blanked. A user the replica has not heard of
 * yet is asked of remote-auth-service first (never {@code {"id"}} alone: JDA and Discord4J cannot read a
 * user without a username). It goes on social.events, which no user replica reads, so it can never
 * roll back the identity service's own copy.
 */
final class FamilyCenterEvents {

    private FamilyCenterEvents() {}

    /** USER_UPDATE for the user's own sessions, carrying their partial user. */
    static DomainEvent userUpdate(PartialUser user) {
        return new DomainEvent(USER_UPDATE, user.id().asString(), Audience.users(user.id()), user);
    }
}
