package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import java.util.Optional;

/**
 * {@code PATCH /webhooks/{webhook.id}}: {@code name} (1-80), {@code avatar} (image data, null removes it)
 * and {@code channel_id}, a channel of the same guild to move to. With the token, {@code channel_id} is
 * refused: the token alone may not move a webhook.
 */
record WebhookModifyRequest(Possible<String> name, Possible<Optional<String>> avatar, Possible<Snowflake> channelId)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("name", name);
        WebhookName.check(v, "name", name.orNull());
        DataUriImage.check(v, "avatar", Possible.valueOrNull(avatar));
        v.notNullIfSent("channel_id", channelId);
    }

    /** The same checks, and no move: what may be changed with the token alone. */
    void validateWithToken() {
        Violations v = new Violations();
        validate(v);
        if (channelId.isPresent()) {
            v.add("channel_id", "WEBHOOK_TOKEN_CHANNEL_MOVE", "A webhook cannot be moved with its token.");
        }
        v.throwIfAny();
    }
}
