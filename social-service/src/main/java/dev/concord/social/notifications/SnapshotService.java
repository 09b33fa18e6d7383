package dev.concord.social.notifications;

import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Snapshots of a user's guild settings: taken, listed, restored, deleted. Taking and deleting publish
 * nothing (clients are not told of snapshots); restoring is a change of guild settings like any other.
 */
@Service
final class SnapshotService {

    /** The platform keeps at most 5 snapshots, and at most 1 MiB of them, per user. */
    static final int MAX_SNAPSHOTS = 5;

    static final int UNKNOWN_SNAPSHOT = 10105;

    static final long MAX_BYTES = 1024 * 1024;

    private final SnapshotStore store;
    private final GuildSettingsStore guildSettings;
    private final GuildSettingsService guildSettingsService;
    private final GuildSettingsDocuments documents;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    SnapshotService(
            SnapshotStore store,
            GuildSettingsStore guildSettings,
            GuildSettingsService guildSettingsService,
            GuildSettingsDocuments documents,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.guildSettings = guildSettings;
        this.guildSettingsService = guildSettingsService;
        this.documents = documents;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<List<SnapshotData>> list(Snowflake userId) {
        return store.list(userId);
    }

    /**
     * Takes a snapshot of all the user's guild settings and answers with every snapshot they keep. Holds
     * the user's lock, so the copy is of settings no write is halfway through, and no two requests can
     * both take the last free place.
     */
    Mono<List<SnapshotData>> take(Snowflake userId, @Nullable String label) {
        OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
        return transactions.transactional(guildSettings
                .lockUser(userId)
                .then(store.take(userId, ids.next(), label, now, MAX_SNAPSHOTS, MAX_BYTES))
                .flatMap(usage -> usage.taken() ? store.list(userId) : Mono.error(full(usage))));
    }

    /** Deletes the snapshot and answers with the ones left; 404 when the user has no such snapshot. */
    Mono<List<SnapshotData>> delete(Snowflake userId, Snowflake id) {
        return RunToEnd.of(store.delete(userId, id)
                .flatMap(deleted -> deleted ? store.list(userId) : Mono.error(SnapshotService::unknownSnapshot)));
    }

    /**
     * Gives every guild in the snapshot the settings it had then (whole: overrides made since are gone),
     * with a new version and one event for each guild that changes. Guilds the snapshot does not hold are
     * left alone. Answers with the guilds' settings by guild id.
     */
    Mono<Map<String, UserGuildSettingsData>> restore(Snowflake userId, Snowflake id) {
        return store.document(userId, id)
                .switchIfEmpty(Mono.error(SnapshotService::unknownSnapshot))
                .map(documents::readSnapshot)
                .flatMap(captured -> guildSettingsService.replace(userId, captured))
                .map(restored -> {
                    Map<String, UserGuildSettingsData> byGuild = new LinkedHashMap<>();
                    restored.forEach(settings -> byGuild.put(
                            Objects.requireNonNull(settings.guildId(), "snapshots hold guilds only")
                                    .asString(),
                            settings));
                    return byGuild;
                });
    }

    /**
     * 404 10105 Unknown Snapshot. The platform's published codes stop short of it, but the codes its own
     * client knows (as kept by third-party user-account clients) have 10105 "Unknown Snapshot" next to
     * 30066 "Maximum number of snapshots reached", the snapshot feature this is; a code of its own is
     * what a client tells a missing snapshot by, where code 0 reads as "no such route".
     */
    static ApiException unknownSnapshot() {
        return new ApiException(HttpStatus.NOT_FOUND, UNKNOWN_SNAPSHOT, "Unknown Snapshot");
    }

    /** Not a field's fault but the state's: a 50035 with the error at the top of the tree. */
    private static ApiException full(SnapshotStore.Usage usage) {
        String code = "MAX_NOTIFICATION_SETTINGS_SNAPSHOTS";
        String message = "Maximum number of notification settings snapshots reached (" + MAX_SNAPSHOTS + ").";
        if (usage.snapshots() < MAX_SNAPSHOTS) {
            code = "NOTIFICATION_SETTINGS_SNAPSHOTS_TOO_LARGE";
            message = "Snapshots may hold at most " + MAX_BYTES + " bytes together; this one needs " + usage.newLength()
                    + " bytes and " + usage.bytes() + " are kept.";
        }
        return ApiErrors.invalidFormBody(Map.of("_errors", List.of(Map.of("code", code, "message", message))));
    }
}
