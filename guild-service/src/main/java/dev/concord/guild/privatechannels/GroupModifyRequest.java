package dev.concord.guild.privatechannels;

import dev.concord.guild.ImageData;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Optional;

/**
 * {@code PATCH /channels/{channel.id}} on a group DM: {@code name} (1-100 characters, null or empty to
 * clear) and {@code icon} (image data, null to clear; kept as its hash, like a guild's icon).
 */
record GroupModifyRequest(Possible<Optional<String>> name, Possible<Optional<String>> icon)
        implements Violations.Validatable {

    static final int MAX_NAME = 100;

    @Override
    public void validate(Violations v) {
        String newName = Possible.valueOrNull(name);
        if (newName != null && !newName.isEmpty()) {
            v.length("name", newName, 1, MAX_NAME);
        }
        ImageData.validate(v, "icon", Possible.valueOrNull(icon));
    }

    boolean changesNothing() {
        return name.isAbsent() && icon.isAbsent();
    }
}
