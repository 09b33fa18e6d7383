package dev.concord.guild.integrations;

import dev.concord.platform.web.Violations;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /guilds/{guild.id}/integrations}: a streaming account to link, by its service
 * ({@code type}: only the livestream and video-site services; applications come through OAuth2) and its id
 * there.
 */
record IntegrationCreateRequest(
        @Nullable String type, @Nullable String id) implements Violations.Validatable {

    /** Longer than any streaming service's account ids. */
    static final int MAX_ACCOUNT_ID = 100;

    @Override
    public void validate(Violations v) {
        v.required("type", type);
        if (type != null && StreamingService.named(type) == null) {
            v.oneOf("type", type, StreamingService.NAMES);
        }
        v.required("id", id);
        v.length("id", id, 1, MAX_ACCOUNT_ID);
    }

    StreamingService service() {
        return Objects.requireNonNull(StreamingService.named(type));
    }

    String accountId() {
        return Objects.requireNonNull(id);
    }
}
