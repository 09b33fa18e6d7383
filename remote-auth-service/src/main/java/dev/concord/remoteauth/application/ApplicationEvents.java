package dev.concord.remoteauth.application;

import static dev.concord.platform.events.EventTypes.APPLICATION_CREATE;
import static dev.concord.platform.events.EventTypes.APPLICATION_DELETE;
import static dev.concord.platform.events.EventTypes.APPLICATION_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The application events of {@code identity.events}: replica-only, for the services that act for bots. */
final class ApplicationEvents {

    /** {@code APPLICATION_DELETE}'s data. */
    record Deleted(Snowflake id, @Nullable Snowflake botUserId) {}

    private ApplicationEvents() {}

    static DomainEvent created(ApplicationObject application) {
        return new DomainEvent(APPLICATION_CREATE, application.id().asString(), Audience.users(List.of()), application);
    }

    static DomainEvent updated(ApplicationObject application) {
        return new DomainEvent(APPLICATION_UPDATE, application.id().asString(), Audience.users(List.of()), application);
    }

    static DomainEvent deleted(ApplicationRow application) {
        return new DomainEvent(
                APPLICATION_DELETE,
                application.id().asString(),
                Audience.users(List.of()),
                new Deleted(application.id(), application.botUserId()));
    }
}
