package dev.concord.remoteauth.user;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import java.util.List;

/** The events of {@code identity.events}; payloads are documented by the test fixtures in {@code events/}. */
public final class UserEvents {

    private UserEvents() {}

    /**
     * A new account. Delivered to nobody (empty audience): it exists so that other services keep their
     * replica of partial users.
     */
    public static DomainEvent created(UserRow row) {
        return new DomainEvent(USER_CREATE, row.id().asString(), Audience.users(List.of()), row.partialUser());
    }

    /**
     * A changed account, sent to the user's own sessions, so it carries the full object with the email;
     * other services read the partial fields from it.
     */
    public static DomainEvent updated(UserRow row) {
        return new DomainEvent(USER_UPDATE, row.id().asString(), Audience.users(row.id()), UserObject.of(row, true));
    }
}
