package dev.concord.guild.emojis;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code POST /applications/{application.id}/emojis}: a {@code name} unique in the application, an {@code image}. */
record ApplicationEmojiCreateRequest(Possible<String> name, Possible<String> image) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("name", name.orNull());
        v.required("image", image.orNull());
        EmojiCreateRequest.validateName(v, name.orNull());
    }
}
