package dev.concord.guild.emojis;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The platform's emoji object for a custom emoji. {@code user} (who uploaded it) is only there where the
 * reader may see it: guild emoji to holders of CREATE_ or MANAGE_GUILD_EXPRESSIONS, application emoji always.
 */
record EmojiData(
        Snowflake id,
        String name,
        List<Snowflake> roles,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PartialUser user,
        boolean requireColons,
        boolean managed,
        boolean animated,
        boolean available) {

    EmojiData {
        roles = List.copyOf(roles);
    }

    static EmojiData of(EmojiRow row, @Nullable PartialUser user) {
        return new EmojiData(
                row.id(),
                row.name(),
                Arrays.stream(row.roleIds()).mapToObj(Snowflake::of).toList(),
                user,
                true,
                false,
                row.animated(),
                row.available());
    }
}
