package dev.concord.social.suggestions;

import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The ingestion of one user's contacts on one platform, sent by whatever syncs their connected accounts:
 * the account they linked there (null when unlinked) and the friends they have there. It replaces what
 * was known for that user and platform.
 */
record PlatformContactsRequest(
        @Nullable Account account, @Nullable List<Account> friends) implements Violations.Validatable {

    static final int MAX_FRIENDS = 5000;

    /** The connection types of the platform's clients whose friend lists can be imported. */
    static final Set<String> PLATFORMS = Set.of(
            "battlenet",
            "bluesky",
            "contacts",
            "epicgames",
            "facebook",
            "github",
            "leagueoflegends",
            "playstation",
            "reddit",
            "riotgames",
            "roblox",
            "skype",
            "steam",
            "twitch",
            "twitter",
            "xbox",
            "youtube");

    /** An account on the other platform: its id there and the name it shows. */
    record Account(String id, @Nullable String name) {
        String nameOrId() {
            return name == null || name.isEmpty() ? id : name;
        }

        void validate(Violations v) {
            v.required("id", id).length("id", id, 1, 128).length("name", name, 0, 128);
        }
    }

    @Override
    public void validate(Violations v) {
        if (account != null) {
            account.validate(v.at("account"));
        }
        v.required("friends", friends).maxItems("friends", friends, MAX_FRIENDS);
        if (friends != null && friends.size() <= MAX_FRIENDS) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < friends.size(); i++) {
                Account friend = friends.get(i);
                if (friend == null) {
                    v.at("friends").required(Integer.toString(i), null);
                } else {
                    friend.validate(v.at("friends").at(i));
                    if (friend.id() != null && !seen.add(friend.id())) {
                        v.at("friends").at(i).add("id", "BASE_TYPE_DUPLICATE", "Each friend may appear once.");
                    }
                }
            }
        }
    }

    List<Account> friendsOrNone() {
        return friends == null ? List.of() : friends;
    }
}
