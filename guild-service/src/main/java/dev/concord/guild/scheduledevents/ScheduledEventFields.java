package dev.concord.guild.scheduledevents;

import dev.concord.guild.ImageData;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The limits one field of a scheduled event has, whether it is being created or changed. */
final class ScheduledEventFields {

    static final int MAX_NAME = 100;
    static final int MAX_DESCRIPTION = 1000;
    static final int MAX_LOCATION = 100;

    static final int STAGE_INSTANCE = 1;
    static final int VOICE = 2;
    static final int EXTERNAL = 3;
    static final List<Integer> ENTITY_TYPES = List.of(STAGE_INSTANCE, VOICE, EXTERNAL);

    static final int GUILD_ONLY = 2;
    static final List<Integer> PRIVACY_LEVELS = List.of(GUILD_ONLY);

    private ScheduledEventFields() {}

    static void validate(
            Violations v,
            Possible<String> name,
            Possible<Optional<String>> description,
            Possible<Integer> privacyLevel,
            Possible<Integer> entityType,
            Possible<Optional<String>> image,
            Possible<Optional<EntityMetadataRequest>> entityMetadata,
            Possible<Optional<RecurrenceRuleRequest>> recurrenceRule) {
        v.notNullIfSent("name", name);
        v.length("name", name.orNull(), 1, MAX_NAME);
        v.length("description", Possible.valueOrNull(description), 0, MAX_DESCRIPTION);
        v.notNullIfSent("privacy_level", privacyLevel);
        v.oneOf("privacy_level", privacyLevel.orNull(), PRIVACY_LEVELS);
        v.notNullIfSent("entity_type", entityType);
        v.oneOf("entity_type", entityType.orNull(), ENTITY_TYPES);
        ImageData.validate(v, "image", Possible.valueOrNull(image));
        EntityMetadataRequest metadata = Possible.valueOrNull(entityMetadata);
        if (metadata != null) {
            v.at("entity_metadata").length("location", Possible.valueOrNull(metadata.location()), 1, MAX_LOCATION);
        }
        RecurrenceRuleRequest rule = Possible.valueOrNull(recurrenceRule);
        if (rule != null) {
            rule.validate(v.at("recurrence_rule"));
        }
    }

    /** A description of nothing but blanks is none. */
    static @Nullable String description(@Nullable String description) {
        return description == null || description.isBlank() ? null : description;
    }
}
