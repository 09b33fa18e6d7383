package dev.concord.social.relationships;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** PATCH {@code /users/@me/relationships/{user.id}}: a friend's nickname, 1-32 characters; null clears it. */
record RelationshipModifyRequest(Possible<Optional<String>> nickname) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        if (nickname != null) {
            v.length("nickname", Possible.valueOrNull(nickname), 1, 32);
        }
    }

    boolean changesNickname() {
        return nickname != null && nickname.isPresent();
    }

    @Nullable
    String newNickname() {
        return Possible.valueOrNull(nickname);
    }

    /** A nickname on anyone but a friend. */
    static ApiException notAFriend() {
        Violations v = new Violations();
        v.add("nickname", "RELATIONSHIP_NOT_FRIEND", "Only friends can have a nickname.");
        return v.toException();
    }
}
