package dev.concord.social.relationships;

import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * PUT {@code /users/@me/relationships/{user.id}}: {@code type} -1 (the default: accept or request), 1
 * FRIEND (the same) or 2 BLOCKED. {@code friend_token}, when valid, bypasses the target's friend source
 * flags ({@link FriendTokens}); {@code from_friend_suggestion} is accepted (the request itself takes the
 * user out of the caller's suggestions).
 */
record RelationshipPutRequest(
        @Nullable Integer type,
        @Nullable Boolean fromFriendSuggestion,
        @Nullable String friendToken) implements Violations.Validatable {

    static final int DEFAULT = -1;
    static final RelationshipPutRequest EMPTY = new RelationshipPutRequest(null, null, null);

    @Override
    public void validate(Violations v) {
        v.oneOf("type", type, List.of(DEFAULT, RelationshipType.FRIEND.value(), RelationshipType.BLOCKED.value()));
        v.length("friend_token", friendToken, 1, 256);
    }

    boolean blocks() {
        return type != null && type == RelationshipType.BLOCKED.value();
    }
}
