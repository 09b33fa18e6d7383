package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /guilds/{guild.id}/emojis}: {@code name} and {@code image} (a data URI, checked as
 * an image by {@link EmojiImages}), {@code roles} to lock it to. An emoji's name is 2-32 letters, digits
 * and underscores, as clients type it between colons.
 */
record EmojiCreateRequest(Possible<String> name, Possible<String> image, Possible<Optional<List<Snowflake>>> roles)
        implements Violations.Validatable {

    static final int MIN_NAME = 2;
    static final int MAX_NAME = 32;
    /** More roles than a guild may have cannot all be its roles. */
    static final int MAX_ROLES = 250;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_]+");

    @Override
    public void validate(Violations v) {
        v.required("name", name.orNull());
        v.required("image", image.orNull());
        validateName(v, name.orNull());
        validateRoles(v, Possible.valueOrNull(roles));
    }

    static void validateRoles(Violations v, @Nullable List<Snowflake> roleIds) {
        v.maxItems("roles", roleIds, MAX_ROLES);
        if (roleIds != null) {
            for (int i = 0; i < roleIds.size() && roleIds.size() <= MAX_ROLES; i++) {
                v.at("roles").required(Integer.toString(i), roleIds.get(i));
            }
        }
    }

    static void validateName(Violations v, @Nullable String name) {
        v.length("name", name, MIN_NAME, MAX_NAME);
        if (name != null && !NAME.matcher(name).matches()) {
            v.add("name", "STRING_TYPE_REGEX", "String value did not match validation regex.");
        }
    }
}
