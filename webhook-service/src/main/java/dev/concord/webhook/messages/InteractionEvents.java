package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.INTERACTION_CREATE;
import static dev.concord.platform.events.EventTypes.INTERACTION_FAILURE;
import static dev.concord.platform.events.EventTypes.INTERACTION_SUCCESS;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Interaction events on {@code webhook.events}, keyed by the interaction: the whole interaction to the
 * application's bot (INTERACTION_CREATE), and to the person who interacted its id and nonce when it is
 * made (INTERACTION_CREATE), answered (INTERACTION_SUCCESS) or has failed (INTERACTION_FAILURE), as the
 * platform's client matches them to the component it shows loading.
 */
final class InteractionEvents {

    private InteractionEvents() {}

    /** The interaction as the application receives it, to its bot's sessions. */
    static DomainEvent toBot(Snowflake botUserId, Snowflake interactionId, JsonNode interaction) {
        return new DomainEvent(INTERACTION_CREATE, interactionId.asString(), Audience.users(botUserId), interaction);
    }

    static DomainEvent created(InteractionRow row) {
        return toPerson(INTERACTION_CREATE, row);
    }

    static DomainEvent succeeded(InteractionRow row) {
        return toPerson(INTERACTION_SUCCESS, row);
    }

    static DomainEvent failed(InteractionRow row) {
        return toPerson(INTERACTION_FAILURE, row);
    }

    private static DomainEvent toPerson(String type, InteractionRow row) {
        Map<String, @Nullable Object> data = new LinkedHashMap<>();
        data.put("id", row.id());
        data.put("nonce", row.nonce());
        return new DomainEvent(type, row.id().asString(), Audience.users(row.userId()), data);
    }
}
