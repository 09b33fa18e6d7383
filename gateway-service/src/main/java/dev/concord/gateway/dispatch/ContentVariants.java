package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.MESSAGE_UPDATE;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.Intents;
import dev.concord.gateway.session.ReplayBudget;
import dev.concord.gateway.session.Session;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two variants of a message event, each encoded at most once per event: as it is, and with its
 * content emptied for bots without the MESSAGE_CONTENT intent, as the platform sends it to them —
 * {@code content}, {@code embeds}, {@code attachments}, {@code components} and {@code poll} empty, unless
 * the message is the bot's own, mentions it, or is a direct message.
 */
final class ContentVariants {

    /** MESSAGE_CONTENT: privileged, needed to read other people's messages in guilds. */
    static final long MESSAGE_CONTENT = Intents.MESSAGE_CONTENT;

    private static final Set<String> WITH_CONTENT = Set.of(MESSAGE_CREATE, MESSAGE_UPDATE);

    private final JsonMapper mapper;
    private final EventEnvelope event;
    private final DispatchFrame full;
    private @Nullable DispatchFrame stripped;

    private ContentVariants(JsonMapper mapper, EventEnvelope event, DispatchFrame full) {
        this.mapper = mapper;
        this.event = event;
        this.full = full;
    }

    static ContentVariants of(JsonMapper mapper, EventEnvelope event) {
        String eventId = event.id() == null ? null : event.id().asString();
        return new ContentVariants(mapper, event, DispatchFrame.of(mapper, event.type(), event.data(), eventId));
    }

    /** The frame {@code session} gets. */
    DispatchFrame frameFor(Session session) {
        return frameFor(session.principal().isBot(), session.intents(), session.userId());
    }

    /** The frame a session of {@code user} (a bot or not) with {@code intents} gets. */
    DispatchFrame frameFor(boolean bot, long intents, Snowflake user) {
        if (!WITH_CONTENT.contains(event.type())
                || !bot
                || Intents.allows(intents, MESSAGE_CONTENT)
                || readableBy(user)) {
            return full;
        }
        if (stripped == null) {
            String eventId = event.id() == null ? null : event.id().asString();
            stripped = DispatchFrame.of(mapper, event.type(), withoutContent(event.data()), eventId);
        }
        return stripped;
    }

    /** Every recipient has its frame: what no replay ring kept may go. */
    void handedOut(ReplayBudget budget) {
        budget.handedOut(full);
        if (stripped != null) {
            budget.handedOut(stripped);
        }
    }

    /** A direct message, the bot's own message, or one that mentions it. */
    private boolean readableBy(Snowflake user) {
        JsonNode data = event.data();
        if (data == null || !data.hasNonNull("guild_id")) {
            return true;
        }
        String self = user.asString();
        if (self.equals(data.path("author").path("id").asString(""))) {
            return true;
        }
        for (JsonNode mentioned : data.path("mentions")) {
            if (self.equals(mentioned.path("id").asString(""))) {
                return true;
            }
        }
        return false;
    }

    private JsonNode withoutContent(@Nullable JsonNode data) {
        if (!(data instanceof ObjectNode message)) {
            return mapper.nullNode();
        }
        ObjectNode copy = message.deepCopy();
        if (copy.has("content")) {
            copy.put("content", "");
        }
        for (String list : new String[] {"embeds", "attachments", "components"}) {
            if (copy.has(list)) {
                copy.putArray(list);
            }
        }
        copy.remove("poll");
        return copy;
    }
}
