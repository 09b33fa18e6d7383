package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.Map;
import org.jspecify.annotations.Nullable;

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
 * yet gets {@code {"id"}} alone. It goes on social.events, which no user replica reads, so it can never
 * roll back the identity service's own copy.
 */
final class FamilyCenterEvents {

    private FamilyCenterEvents() {}

    /** USER_UPDATE for {@code user}'s own sessions; {@code known} is their partial user, if the replica has it. */
    static DomainEvent userUpdate(Snowflake user, @Nullable PartialUser known) {
        Object data = known != null ? known : Map.of("id", user);
        return new DomainEvent(USER_UPDATE, user.asString(), Audience.users(user), data);
    }
}
