package dev.concord.social.relationships;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * PUT {@code /users/@me/relationships/{user.id}}: {@code type} -1 (the default: accept or request), 1
 * FRIEND (the same) or 2 BLOCKED. {@code friend_token}, when valid, bypasses the target's friend source
 * flags ({@link FriendTokens}); {@code from_friend_suggestion} is accepted (the request itself takes the
 * user out of the caller's suggestions).
 *
 * <p>No body and {@code {}} are a friend request, as the platform's clients send them; {@code type} is
 * optional there but never nullable, and no client was found that sends {@code "type": null}. Taking a
 * null for the default would turn a client's mistake (a block whose value got lost, say) into a friend
 * request, so a sent null is refused (50035 BASE_TYPE_REQUIRED) like every other non-nullable field.
 */
record RelationshipPutRequest(
        Possible<Integer> type,
        @Nullable Boolean fromFriendSuggestion,
        @Nullable String friendToken) implements Violations.Validatable {

    static final int DEFAULT = -1;
    static final RelationshipPutRequest EMPTY = new RelationshipPutRequest(Possible.absent(), null, null);

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("type", type);
        v.oneOf(
                "type",
                type.orNull(),
                List.of(DEFAULT, RelationshipType.FRIEND.value(), RelationshipType.BLOCKED.value()));
        v.length("friend_token", friendToken, 1, 256);
    }

    boolean blocks() {
        return type.isPresent() && type.get() == RelationshipType.BLOCKED.value();
    }
}
