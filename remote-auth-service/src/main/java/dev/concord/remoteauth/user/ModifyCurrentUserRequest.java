package dev.concord.remoteauth.user;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.image.DataUriImage;
import dev.concord.remoteauth.password.PasswordRules;
import java.util.Optional;

/**
 * {@code PATCH /users/@me}. Absent fields stay as they are; null clears the nullable ones (the
 * {@code Possible<Optional<T>>}), is refused for {@code username} and {@code new_password}, and counts as
 * no {@code password} at all. Changing the username or the password needs the current {@code password},
 * checked by {@link UserService}.
 *
 * @param avatar a {@code data:image/...;base64,} URI; null removes the avatar
 * @param accentColor the banner colour as 0xRRGGBB
 */
record ModifyCurrentUserRequest(
        Possible<String> username,
        Possible<Optional<String>> globalName,
        Possible<Optional<String>> avatar,
        Possible<Optional<String>> banner,
        Possible<Optional<Integer>> accentColor,
        Possible<Optional<String>> bio,
        Possible<String> password,
        Possible<String> newPassword)
        implements Violations.Validatable {

    static final int MAX_BIO = 190;
    static final int MAX_GLOBAL_NAME = 32;

    @Override
    public void validate(Violations violations) {
        violations.notNullIfSent("username", username);
        if (username.isPresent()) {
            UsernameRules.check(violations, "username", username.get());
        }
        violations.length("global_name", Possible.valueOrNull(globalName), 1, MAX_GLOBAL_NAME);
        DataUriImage.check(violations, "avatar", Possible.valueOrNull(avatar));
        DataUriImage.check(violations, "banner", Possible.valueOrNull(banner));
        violations.range("accent_color", Possible.valueOrNull(accentColor), 0, 0xFFFFFF);
        violations.length("bio", Possible.valueOrNull(bio), 0, MAX_BIO);
        // No stored password is longer, so a longer one cannot match: refused before any hashing.
        violations.length("password", password.orNull(), 0, PasswordRules.MAX_LENGTH);
        violations.notNullIfSent("new_password", newPassword);
        if (newPassword.isPresent()) {
            PasswordRules.check(violations, "new_password", newPassword.get());
        }
    }

    /** Whether the change is sensitive enough to need the current password. */
    boolean needsPassword(UserRow current) {
        // A bot has no password: its owner's token reset is what guards it.
        return newPassword.isPresent()
                || (!current.bot() && username.isPresent() && !username.get().equals(current.username()));
    }

    /** Without the passwords and image data: a logged request must not expose them. */
    @Override
    public String toString() {
        return "ModifyCurrentUserRequest[username=" + username + ", global_name=" + globalName + "]";
    }
}
