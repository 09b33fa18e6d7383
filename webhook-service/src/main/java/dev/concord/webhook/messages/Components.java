package dev.concord.webhook.messages;

import dev.concord.platform.web.Violations;
import dev.concord.platform.web.WebUrls;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Seed 002's rules for a message's components, each broken one named where it is
 * ({@code components[0].components[1].custom_id}): at most five action rows; a row is five wide, a button
 * taking one place and a select menu all five, so a row holds up to five buttons or one select menu, never
 * both, and never another row; buttons and menus only inside rows; custom ids of at most 100 characters,
 * unique in the message; a link button (style 5) has a URL and no custom id, any other button the reverse;
 * labels of at most 80; a menu's 1-25 options (label and value 1-100, unique values, description up to 100),
 * placeholder up to 100, min_values 0-25 and max_values 1-25 with min ≤ max ≤ its options.
 */
final class Components {

    static final int MAX_ROWS = 5;
    static final int ROW_WIDTH = 5;
    static final int MAX_CUSTOM_ID = 100;
    static final int MAX_LABEL = 80;
    static final int MAX_OPTIONS = 25;
    static final int MAX_OPTION_TEXT = 100;
    static final int MAX_PLACEHOLDER = 100;
    static final int MAX_VALUES = 25;
    static final int LINK_STYLE = 5;

    private Components() {}

    static void validate(Violations v, @Nullable List<MessageComponent> rows) {
        if (rows == null) {
            return;
        }
        v.maxItems("components", rows, MAX_ROWS);
        Set<String> customIds = new HashSet<>();
        Set<Integer> ids = new HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Violations at = v.at("components").at(i);
            MessageComponent row = rows.get(i);
            if (row == null) {
                at.required("type", null);
            } else if (row.type() == null || row.type() != MessageComponent.ACTION_ROW) {
                at.add("type", "BASE_TYPE_CHOICES", "Value must be one of {1}.");
            } else {
                id(at, row.id(), ids);
                row(at, row, customIds, ids);
            }
        }
    }

    /**
     * The rows as stored and answered: every component that came without an {@code id} (or with 0) gets
     * the next number no component of the message took, in the order they appear; a select menu's value
     * counts default to one.
     */
    static List<MessageComponent> stored(List<MessageComponent> rows) {
        Set<Integer> taken = new HashSet<>();
        for (MessageComponent row : rows) {
            addId(taken, row.id());
            if (row.components() != null) {
                row.components().forEach(child -> addId(taken, child.id()));
            }
        }
        FreeIds free = new FreeIds(taken);
        List<MessageComponent> stored = new ArrayList<>(rows.size());
        for (MessageComponent row : rows) {
            int rowId = free.forComponent(row);
            List<MessageComponent> children = new ArrayList<>();
            for (MessageComponent child : row.components() == null ? List.<MessageComponent>of() : row.components()) {
                children.add(child.stored(free.forComponent(child), null));
            }
            stored.add(row.stored(rowId, children));
        }
        return stored;
    }

    /** The numbers not taken by a sender's own ids, handed out in order. */
    private static final class FreeIds {

        private final Set<Integer> taken;
        private int last;

        FreeIds(Set<Integer> taken) {
            this.taken = taken;
        }

        /** The next free number for a component without an id of its own; 0 (unused) for one with. */
        int forComponent(MessageComponent component) {
            if (hasId(component)) {
                return 0;
            }
            do {
                last++;
            } while (taken.contains(last));
            return last;
        }
    }

    private static boolean hasId(MessageComponent component) {
        return component.id() != null && component.id() != 0;
    }

    private static void addId(Set<Integer> taken, @Nullable Integer id) {
        if (id != null && id != 0) {
            taken.add(id);
        }
    }

    /** An id the sender chose: 0 or more (0: let the platform choose), unique in the message. */
    private static void id(Violations at, @Nullable Integer id, Set<Integer> ids) {
        if (id == null) {
            return;
        }
        at.range("id", id, 0, Integer.MAX_VALUE);
        if (id != 0 && !ids.add(id)) {
            at.add("id", "COMPONENT_ID_DUPLICATED", "Component id cannot be duplicated");
        }
    }

    /**
     * Only an application's messages carry components: a bot's, or an application-owned webhook's. 50035
     * naming {@code components} for anyone else who sends some.
     */
    static void requireApplication(boolean fromApplication, @Nullable List<MessageComponent> rows) {
        if (!fromApplication && any(rows)) {
            throw new Violations()
                    .add(
                            "components",
                            "COMPONENT_APPLICATION_REQUIRED",
                            "Only an application's messages carry components.")
                    .toException();
        }
    }

    /** Whether any component is sent (an empty list clears a message's components). */
    static boolean any(@Nullable List<MessageComponent> rows) {
        return rows != null && !rows.isEmpty();
    }

    private static void row(Violations at, MessageComponent row, Set<String> customIds, Set<Integer> ids) {
        List<MessageComponent> children = row.components();
        if (children == null || children.isEmpty() || children.size() > ROW_WIDTH) {
            at.add("components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + ROW_WIDTH + " in length.");
            if (children == null) {
                return;
            }
        }
        int width = 0;
        for (int j = 0; j < children.size(); j++) {
            Violations child = at.at("components").at(j);
            MessageComponent component = children.get(j);
            Integer type = component == null ? null : component.type();
            if (component == null
                    || type == null
                    || (type != MessageComponent.BUTTON && type != MessageComponent.SELECT_MENU)) {
                child.add("type", "BASE_TYPE_CHOICES", "Value must be one of {2, 3}.");
                continue;
            }
            id(child, component.id(), ids);
            emoji(child, component.emoji());
            width += type == MessageComponent.BUTTON ? 1 : ROW_WIDTH;
            if (width > ROW_WIDTH) {
                child.add(null, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width");
            }
            if (type == MessageComponent.BUTTON) {
                button(child, component, customIds);
            } else {
                selectMenu(child, component, customIds);
            }
        }
    }

    private static void button(Violations at, MessageComponent button, Set<String> customIds) {
        Integer style = button.style();
        if (style == null || style < 1 || style > LINK_STYLE) {
            at.add("style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5}.");
        }
        at.length("label", button.label(), 0, MAX_LABEL);
        if ((button.label() == null || button.label().isEmpty()) && button.emoji() == null) {
            at.add("label", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji.");
        }
        if (style != null && style == LINK_STYLE) {
            if (button.url() == null) {
                at.add("url", "BUTTON_COMPONENT_URL_REQUIRED", "A link button needs a url.");
            } else {
                WebUrls.check(at, "url", button.url());
            }
            if (button.customId() != null) {
                at.add("custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link button has no custom id.");
            }
        } else {
            if (button.url() != null) {
                at.add("url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "Only a link button has a url.");
            }
            customId(at, button.customId(), customIds);
        }
    }

    private static void selectMenu(Violations at, MessageComponent menu, Set<String> customIds) {
        customId(at, menu.customId(), customIds);
        at.length("placeholder", menu.placeholder(), 0, MAX_PLACEHOLDER);
        List<MessageComponent.SelectOption> options = menu.options() == null ? List.of() : menu.options();
        if (options.isEmpty() || options.size() > MAX_OPTIONS) {
            at.add("options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + MAX_OPTIONS + " in length.");
        }
        int optionCount = options.size();
        Set<String> values = new HashSet<>();
        for (int k = 0; k < optionCount; k++) {
            Violations option = at.at("options").at(k);
            MessageComponent.SelectOption sent = options.get(k);
            if (sent == null) {
                option.required("label", null).required("value", null);
                continue;
            }
            option.required("label", sent.label()).length("label", sent.label(), 1, MAX_OPTION_TEXT);
            option.required("value", sent.value()).length("value", sent.value(), 1, MAX_OPTION_TEXT);
            option.length("description", sent.description(), 0, MAX_OPTION_TEXT);
            emoji(option, sent.emoji());
            if (sent.value() != null && !values.add(sent.value())) {
                option.add("value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique.");
            }
        }
        at.range("min_values", menu.minValues(), 0, MAX_VALUES);
        at.range("max_values", menu.maxValues(), 1, MAX_VALUES);
        int min = menu.minValues() == null ? 1 : menu.minValues();
        int max = menu.maxValues() == null ? 1 : menu.maxValues();
        if (min > max) {
            at.add("min_values", "SELECT_COMPONENT_MIN_ABOVE_MAX", "Must be at most max_values.");
        }
        if (optionCount > 0 && max > optionCount) {
            at.add("max_values", "SELECT_COMPONENT_MAX_VALUES_ABOVE_OPTIONS", "Must be at most the number of options.");
        }
    }

    /** An emoji names itself: by its name, which a custom emoji also carries beside its id. */
    private static void emoji(Violations at, MessageComponent.@Nullable Emoji emoji) {
        if (emoji != null) {
            at.at("emoji").required("name", emoji.name());
        }
    }

    private static void customId(Violations at, @Nullable String customId, Set<String> customIds) {
        if (customId == null) {
            at.required("custom_id", null);
            return;
        }
        at.length("custom_id", customId, 1, MAX_CUSTOM_ID);
        if (!customIds.add(customId)) {
            at.add("custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated");
        }
    }
}
