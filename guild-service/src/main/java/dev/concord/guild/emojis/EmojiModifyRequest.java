package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /guilds/{guild.id}/emojis/{emoji.id}}: a new {@code name}, and {@code roles} to
 * lock it to (null or empty: everyone may use it). What is not sent stays.
 */
record EmojiModifyRequest(Possible<String> name, Possible<Optional<List<Snowflake>>> roles)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("name", name);
        EmojiCreateRequest.validateName(v, name.orNull());
        EmojiCreateRequest.validateRoles(v, Possible.valueOrNull(roles));
    }
}
