package dev.concord.remoteauth.user;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_NAMES_UPDATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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

    /**
     * The events of a change from {@code before} to {@code after}: USER_UPDATE, and USER_NAMES_UPDATE (for
     * services only) when the username or the display name changed.
     */
    public static List<DomainEvent> changed(UserRow before, UserRow after) {
        DomainEvent update = updated(after);
        if (Objects.equals(before.username(), after.username())
                && Objects.equals(before.globalName(), after.globalName())) {
            return List.of(update);
        }
        Map<String, Object> names = new LinkedHashMap<>();
        names.put("id", after.id());
        names.put("username", after.username());
        names.put("global_name", after.globalName());
        return List.of(
                update, new DomainEvent(USER_NAMES_UPDATE, after.id().asString(), Audience.users(List.of()), names));
    }
}
