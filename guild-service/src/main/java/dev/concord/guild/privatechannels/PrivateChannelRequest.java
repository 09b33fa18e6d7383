package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /users/@me/channels}: a DM with {@code recipient_id}. Group DMs ({@code
 * recipients} from a person's client, which the platform allows only among friends; {@code access_tokens}
 * and {@code nicks} through OAuth2's gdm.join) are refused with the field named until they are built.
 */
record PrivateChannelRequest(
        @Nullable Snowflake recipientId,
        @Nullable List<Snowflake> recipients,
        @Nullable List<String> accessTokens,
        @Nullable Map<String, String> nicks)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        boolean group = recipients != null || accessTokens != null || nicks != null;
        if (recipientId == null && !group) {
            v.required("recipient_id", null);
        }
        if (group) {
            v.add(
                    recipients != null ? "recipients" : accessTokens != null ? "access_tokens" : "nicks",
                    "UNSUPPORTED",
                    "Group DMs are not available here yet.");
        }
    }
}
