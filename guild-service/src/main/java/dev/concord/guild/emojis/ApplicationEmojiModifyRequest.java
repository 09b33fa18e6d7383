package dev.concord.guild.emojis;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code PATCH /applications/{application.id}/emojis/{emoji.id}}: a new {@code name}, or nothing. */
record ApplicationEmojiModifyRequest(Possible<String> name) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("name", name);
        EmojiCreateRequest.validateName(v, name.orNull());
    }
}
