package dev.concord.guild.roles;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.ImageData;
import dev.concord.guild.PermissionField;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /guilds/{guild.id}/roles} and of {@code PATCH .../roles/{role.id}}: any subset
 * of a role's settings. On create a null or absent field takes the platform's default; on PATCH only
 * {@code icon} and {@code unicode_emoji} take null (no icon).
 */
record RoleRequest(
        Possible<String> name,
        Possible<JsonNode> permissions,
        Possible<Integer> color,
        Possible<Colors> colors,
        Possible<Boolean> hoist,
        Possible<Optional<String>> icon,
        Possible<Optional<String>> unicodeEmoji,
        Possible<Boolean> mentionable)
        implements Violations.Validatable {

    static final int MAX_NAME = 100;
    static final int MAX_COLOR = 0xFFFFFF;
    static final int MAX_EMOJI = 32;
    static final String DEFAULT_NAME = "new role";

    /**
     * The platform's role colours. Only the primary colour is offered here; gradients (secondary and
     * tertiary colours) need a guild feature this platform does not grant.
     */
    record Colors(Integer primaryColor, Integer secondaryColor, Integer tertiaryColor) {}

    @Override
    public void validate(Violations v) {
        // Checked as it will be stored: a name of spaces alone would be stored empty.
        v.length("name", name.isPresent() ? name.get().strip() : null, 1, MAX_NAME);
        PermissionField.validate(v, "permissions", permissions);
        v.range("color", color.orNull(), 0, MAX_COLOR);
        if (colors.isPresent()) {
            Colors value = colors.get();
            v.at("colors").range("primary_color", value.primaryColor(), 0, MAX_COLOR);
            if (value.secondaryColor() != null || value.tertiaryColor() != null) {
                GuildErrors.gradientColorsUnavailable(v);
            }
        }
        ImageData.validate(v, "icon", Possible.valueOrNull(icon));
        v.length("unicode_emoji", Possible.valueOrNull(unicodeEmoji), 1, MAX_EMOJI);
    }

    /** The stricter rules of a PATCH, where null cannot stand for a default. */
    void validateModify(Violations v) {
        v.notNullIfSent("name", name);
        v.notNullIfSent("permissions", permissions);
        v.notNullIfSent("color", color);
        v.notNullIfSent("colors", colors);
        v.notNullIfSent("hoist", hoist);
        v.notNullIfSent("mentionable", mentionable);
    }

    /** The colour asked for: {@code colors.primary_color} wins over {@code color}, as on the platform. */
    Possible<Integer> requestedColor() {
        if (colors.isPresent() && colors.get().primaryColor() != null) {
            return Possible.of(colors.get().primaryColor());
        }
        return color;
    }

    long permissionBits() {
        return PermissionField.bits(permissions);
    }

    boolean asksForIcon() {
        return Possible.valueOrNull(icon) != null || Possible.valueOrNull(unicodeEmoji) != null;
    }
}
