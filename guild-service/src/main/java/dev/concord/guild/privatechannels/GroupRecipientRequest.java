package dev.concord.guild.privatechannels;

import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;

/**
 * The optional body of {@code PUT /channels/{channel.id}/recipients/{user.id}}. A person's client sends
 * none (or {@code {}}); {@code access_token} and {@code nick} are a bot's, adding a user who granted it
 * gdm.join, a scope no token here carries: refused with the field named.
 */
record GroupRecipientRequest(
        @Nullable String accessToken, @Nullable String nick) implements Violations.Validatable {

    static final GroupRecipientRequest EMPTY = new GroupRecipientRequest(null, null);

    @Override
    public void validate(Violations v) {
        if (accessToken != null || nick != null) {
            v.add(
                    accessToken != null ? "access_token" : "nick",
                    "UNSUPPORTED",
                    "Adding a user to a group DM through OAuth2 (gdm.join) is not available here.");
        }
    }
}
