package dev.concord.remoteauth.application;

import static dev.concord.platform.events.EventTypes.APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import io.r2dbc.postgresql.codec.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application's role connection metadata: read and replaced whole by the application's bot, as the
 * platform's API has it, or by its owner, as its developer portal does. A replacement and its event commit
 * together.
 */
@Service
class RoleConnectionsMetadataService {

    private final DatabaseClient db;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final JsonMapper mapper;

    RoleConnectionsMetadataService(
            DatabaseClient db, Outbox outbox, TransactionalOperator transactions, JsonMapper mapper) {
        this.db = db;
        this.outbox = outbox;
        this.transactions = transactions;
        this.mapper = mapper;
    }

    Mono<JsonNode> get(Principal caller, Snowflake applicationId) {
        return managed(caller, applicationId);
    }

    /**
     * Replaces the list with {@code records} and answers it as stored; a list refused (after the caller's
     * access) changes nothing.
     */
    Mono<JsonNode> replace(Principal caller, Snowflake applicationId, List<@Nullable RoleConnectionMetadata> records) {
        return managed(caller, applicationId).then(Mono.defer(() -> {
            Violations violations = new Violations();
            RoleConnectionMetadata.validate(violations, records);
            violations.throwIfAny();
            return store(applicationId, mapper.valueToTree(records));
        }));
    }

    private Mono<JsonNode> store(Snowflake applicationId, JsonNode stored) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("id", applicationId);
        event.put("role_connections_metadata", stored);
        Mono<Void> write = db.sql("UPDATE applications SET role_connections_metadata = :metadata WHERE id = :id")
                .bind("metadata", Json.of(mapper.writeValueAsString(stored)))
                .bind("id", applicationId.value())
                .then()
                .then(outbox.append(new DomainEvent(
                        APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE,
                        applicationId.asString(),
                        Audience.users(List.of()),
                        event)));
        return transactions.transactional(write).thenReturn(stored);
    }

    /**
     * The application's metadata as stored, read with who may manage it in one statement: 404 10002 for no
     * such application; 403 50001 unless the caller is its bot or its owner (a user token).
     */
    private Mono<JsonNode> managed(Principal caller, Snowflake applicationId) {
        return db.sql("SELECT owner_id, bot_user_id, role_connections_metadata FROM applications WHERE id = :id")
                .bind("id", applicationId.value())
                .map(row -> {
                    Long bot = row.get("bot_user_id", Long.class);
                    boolean itsBot =
                            caller.isBot() && bot != null && caller.userId().value() == bot;
                    boolean itsOwner = !caller.isBot()
                            && !caller.isOAuth2()
                            && caller.userId().value() == Objects.requireNonNull(row.get("owner_id", Long.class));
                    if (!itsBot && !itsOwner) {
                        throw ApiErrors.missingAccess();
                    }
                    return mapper.readTree(Objects.requireNonNull(row.get("role_connections_metadata", Json.class))
                            .asString());
                })
                .one()
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)));
    }
}
