package dev.concord.social.suggestions;

import dev.concord.platform.users.PartialUser;
import java.util.List;

/**
 * A friend suggestion: who, why (one reason per platform where the caller imported them as a friend;
 * none for a suggestion from mutual friends alone), and whether they imported the caller too.
 */
record FriendSuggestionData(PartialUser suggestedUser, List<Reason> reasons, boolean fromSuggestedUserContacts) {

    /** Type 1, EXTERNAL_FRIEND: the suggested user's name on {@code platform}, as the caller imported it. */
    record Reason(int type, String platform, String name) {}
}
