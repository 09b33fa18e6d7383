package dev.concord.guild.members;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /guilds/{guild.id}/members/{user.id}}: any subset of what moderators set on
 * a member. {@code nick} null or empty clears it; {@code roles} replaces the member's roles;
 * {@code communication_disabled_until} null ends a timeout.
 */
record MemberModifyRequest(
        Possible<Optional<String>> nick,
        Possible<List<Snowflake>> roles,
        Possible<Boolean> mute,
        Possible<Boolean> deaf,
        Possible<Optional<Instant>> communicationDisabledUntil,
        Possible<Integer> flags)
        implements Violations.Validatable {

    static final int MAX_NICK = 32;
    static final int MAX_ROLES = 250;
    /** Every member flag the platform defines (bits 0-10). */
    static final int KNOWN_FLAGS = 0x7FF;
    /** The only member flag moderators set: let the member in before they meet the verification level. */
    static final int BYPASSES_VERIFICATION = 1 << 2;

    @Override
    public void validate(Violations v) {
        v.length("nick", Possible.valueOrNull(nick), 0, MAX_NICK);
        v.notNullIfSent("roles", roles);
        v.maxItems("roles", roles.orNull(), MAX_ROLES);
        if (roles.isPresent()) {
            for (int i = 0; i < roles.get().size(); i++) {
                v.at("roles").required(Integer.toString(i), roles.get().get(i));
            }
        }
        v.notNullIfSent("mute", mute);
        v.notNullIfSent("deaf", deaf);
        v.notNullIfSent("flags", flags);
        v.flags("flags", flags.orNull(), KNOWN_FLAGS);
    }

    /** The nickname to store: an empty one clears it, as null does. */
    Possible<Optional<String>> storedNick() {
        return nick.map(value -> value.filter(text -> !text.isBlank()).map(String::strip));
    }
}
