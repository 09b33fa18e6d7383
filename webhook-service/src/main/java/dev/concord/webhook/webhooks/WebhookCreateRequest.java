package dev.concord.webhook.webhooks;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** {@code POST /channels/{channel.id}/webhooks}: {@code name} (1-80) and an optional {@code avatar} (image data). */
record WebhookCreateRequest(@Nullable String name, Possible<Optional<String>> avatar)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("name", name);
        WebhookName.check(v, "name", name);
        DataUriImage.check(v, "avatar", Possible.valueOrNull(avatar));
    }
}
