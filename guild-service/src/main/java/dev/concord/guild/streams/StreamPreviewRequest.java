package dev.concord.guild.streams;

import dev.concord.guild.ImageData;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code POST /streams/{stream_key}/preview}: {@code thumbnail}, image data (a data URI). */
record StreamPreviewRequest(Possible<String> thumbnail) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("thumbnail", thumbnail.orNull());
        ImageData.validate(v, "thumbnail", thumbnail.orNull());
    }
}
