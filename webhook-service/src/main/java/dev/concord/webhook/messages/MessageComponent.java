package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A message component as sent and as stored (seed 002): an action row (type 1) holding buttons (type 2)
 * or one select menu (type 3). Every field is read as sent, so that {@link Components} names each one
 * that breaks a rule; what is stored is what was sent, with the numeric {@code id} the platform gives
 * every component of a message that came without one ({@link Components#stored}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record MessageComponent(
        @Nullable Integer type,
        @Nullable Integer id,
        @Nullable String customId,
        @Nullable Boolean disabled,
        @Nullable Integer style,
        @Nullable String label,
        @Nullable Emoji emoji,
        @Nullable String url,
        @Nullable List<SelectOption> options,
        @Nullable String placeholder,
        @Nullable Integer minValues,
        @Nullable Integer maxValues,
        @Nullable List<MessageComponent> components) {

    static final int ACTION_ROW = 1;
    static final int BUTTON = 2;
    static final int SELECT_MENU = 3;

    /** A button's or an option's emoji: a custom one by id (with its name) or a Unicode one by name. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Emoji(
            @Nullable Snowflake id,
            @Nullable String name,
            @Nullable Boolean animated) {}

    /** The same component with its id and, for a select menu, its value counts as the platform answers them. */
    MessageComponent stored(int assignedId, @Nullable List<MessageComponent> children) {
        boolean menu = type != null && type == SELECT_MENU;
        return new MessageComponent(
                type,
                id == null ? assignedId : id,
                customId,
                disabled,
                style,
                label,
                emoji,
                url,
                options,
                placeholder,
                menu && minValues == null ? Integer.valueOf(1) : minValues,
                menu && maxValues == null ? Integer.valueOf(1) : maxValues,
                children);
    }

    /** A select menu's option. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SelectOption(
            @Nullable String label,
            @Nullable String value,
            @Nullable String description,
            @Nullable Emoji emoji,
            @JsonProperty("default") @Nullable Boolean isDefault) {}
}
