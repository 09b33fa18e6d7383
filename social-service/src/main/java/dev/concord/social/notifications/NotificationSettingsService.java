package dev.concord.social.notifications;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/** Replaces a user's account-wide notification settings; a change and its event commit together. */
@Service
final class NotificationSettingsService {

    private final NotificationSettingsStore store;
    private final Outbox outbox;

    NotificationSettingsService(NotificationSettingsStore store, Outbox outbox) {
        this.store = store;
        this.outbox = outbox;
    }

    /**
     * Sets what the validated body says. Setting the flags a user already has writes and publishes
     * nothing. One statement, run to its end even if the client goes away (see {@link RunToEnd}).
     */
    Mono<NotificationSettingsData> replace(Snowflake userId, NotificationSettingsModifyRequest body) {
        NotificationSettingsData settings = body.settings();
        return RunToEnd.of(outbox.appendForEachRow(
                                store.replace(userId, settings.flags()),
                                NotificationEvents.notificationSettingsUpdate(userId, settings))
                        .then())
                .thenReturn(settings);
    }
}
