package dev.concord.guild.stages;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code PATCH /stage-instances/{channel.id}}: a new topic (1-120), a new privacy level. */
record StageInstanceModifyRequest(Possible<String> topic, Possible<Integer> privacyLevel)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("topic", topic);
        v.length("topic", topic.orNull(), 1, StageInstanceCreateRequest.MAX_TOPIC);
        v.notNullIfSent("privacy_level", privacyLevel);
        v.oneOf("privacy_level", privacyLevel.orNull(), StageInstanceCreateRequest.PRIVACY_LEVELS);
    }
}
