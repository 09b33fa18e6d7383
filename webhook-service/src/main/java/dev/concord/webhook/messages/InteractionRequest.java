package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /interactions}, as the platform's client sends it when a person uses a component:
 * the application and message it is on, the session it came from, a nonce to match the gateway's answer,
 * and which component ({@code custom_id}, {@code component_type}) with the options chosen in a select menu.
 * Only component interactions (type 3) are made here: commands and modals have no seed.
 */
record InteractionRequest(
        @Nullable Integer type,
        @Nullable Snowflake applicationId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake guildId,
        @Nullable Snowflake messageId,
        @Nullable Integer messageFlags,
        @Nullable String sessionId,
        @Nullable JsonNode nonce,
        @Nullable Data data)
        implements Violations.Validatable {

    static final int MESSAGE_COMPONENT = 3;
    private static final int MAX_SESSION_ID = 128;

    /** The component used: its custom_id and type, and a select menu's chosen values. */
    record Data(
            @Nullable Integer componentType,
            @Nullable String customId,
            @Nullable List<String> values) {

        void validate(Violations v) {
            v.required("component_type", componentType)
                    .oneOf(
                            "component_type",
                            componentType,
                            Set.of(MessageComponent.BUTTON, MessageComponent.SELECT_MENU));
            v.required("custom_id", customId).length("custom_id", customId, 1, Components.MAX_CUSTOM_ID);
            v.maxItems("values", values, Components.MAX_VALUES);
            if (values != null) {
                for (int i = 0; i < values.size(); i++) {
                    v.at("values").required(Integer.toString(i), values.get(i));
                    v.at("values").length(Integer.toString(i), values.get(i), 0, Components.MAX_OPTION_TEXT);
                }
            }
        }
    }

    @Override
    public void validate(Violations v) {
        v.required("type", type).oneOf("type", type, Set.of(MESSAGE_COMPONENT));
        v.required("application_id", applicationId);
        v.required("channel_id", channelId);
        v.required("message_id", messageId);
        v.required("session_id", sessionId).length("session_id", sessionId, 1, MAX_SESSION_ID);
        MessageCreateRequest.nonce(v, nonce);
        v.required("data", data);
        if (data != null) {
            data.validate(v.at("data"));
        }
    }

    /** The nonce as echoed on the gateway: an integer's digits or the string. */
    @Nullable
    String nonceText() {
        if (nonce == null || nonce.isNull()) {
            return null;
        }
        return nonce.isString() ? nonce.asString() : nonce.toString();
    }
}
