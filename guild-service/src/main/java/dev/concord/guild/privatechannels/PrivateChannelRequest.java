package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /users/@me/channels}: a DM with {@code recipient_id}, or, from a person's client,
 * {@code recipients}: one of them opens the DM with that user, as the platform's clients use it, none or
 * several make a group DM of its maker and them (friends only, ten people in all). Group DMs made by bots
 * through OAuth2 ({@code access_tokens}, {@code nicks}: the gdm.join scope, which no token here carries)
 * are refused with the field named.
 */
record PrivateChannelRequest(
        @Nullable Snowflake recipientId,
        @Nullable List<Snowflake> recipients,
        @Nullable List<String> accessTokens,
        @Nullable Map<String, String> nicks)
        implements Violations.Validatable {

    /** A group DM's people in all, its maker included. */
    static final int MAX_GROUP_SIZE = 10;

    @Override
    public void validate(Violations v) {
        if (recipientId == null && recipients == null && accessTokens == null && nicks == null) {
            v.required("recipient_id", null);
        }
        if (recipients != null && recipients.size() > MAX_GROUP_SIZE - 1) {
            v.add("recipients", "BASE_TYPE_MAX_LENGTH", "Must be " + (MAX_GROUP_SIZE - 1) + " or fewer in length.");
        }
        if (accessTokens != null || nicks != null) {
            v.add(
                    accessTokens != null ? "access_tokens" : "nicks",
                    "UNSUPPORTED",
                    "Group DMs through OAuth2 access tokens (gdm.join) are not available here.");
        }
    }

    /** A DM with one user: by {@code recipient_id}, or the one of {@code recipients}. */
    @Nullable
    Snowflake directRecipient() {
        if (recipientId != null) {
            return recipientId;
        }
        return recipients != null && recipients.size() == 1 ? recipients.get(0) : null;
    }
}
