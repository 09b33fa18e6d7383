package dev.concord.social.suggestions;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A friend suggestion: who, why (one reason per platform where the caller imported them as a friend;
 * none for a suggestion from mutual friends alone), and whether they imported the caller too. Those who
 * did come with a {@code friend_token} (not in the seed's object; clients that do not know it ignore
 * it): sent with the friend request, it bypasses the suggested user's friend source flags.
 */
record FriendSuggestionData(
        PartialUser suggestedUser,
        List<Reason> reasons,
        boolean fromSuggestedUserContacts,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String friendToken) {

    /** Type 1, EXTERNAL_FRIEND: the suggested user's name on {@code platform}, as the caller imported it. */
    record Reason(int type, String platform, String name) {}

    FriendSuggestionData withFriendToken(@Nullable String token) {
        return new FriendSuggestionData(suggestedUser, reasons, fromSuggestedUserContacts, token);
    }
}
