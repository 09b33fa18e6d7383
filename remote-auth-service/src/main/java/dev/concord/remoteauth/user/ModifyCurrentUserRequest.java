package dev.concord.remoteauth.user;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.image.DataUriImage;
import dev.concord.remoteauth.password.PasswordRules;

/**
 * {@code PATCH /users/@me}. Absent fields stay as they are; null clears the nullable ones. Changing the
 * username or the password needs the current {@code password}, checked by {@link UserService}.
 *
 * @param avatar a {@code data:image/...;base64,} URI; null removes the avatar
 * @param accentColor the banner colour as 0xRRGGBB
 */
record ModifyCurrentUserRequest(
        Possible<String> username,
        Possible<String> globalName,
        Possible<String> avatar,
        Possible<String> banner,
        Possible<Integer> accentColor,
        Possible<String> bio,
        Possible<String> password,
        Possible<String> newPassword)
        implements Violations.Validatable {

    static final int MAX_BIO = 190;
    static final int MAX_GLOBAL_NAME = 32;

    @Override
    public void validate(Violations violations) {
        if (username.isPresent()) {
            UsernameRules.check(violations, "username", username.get());
        }
        violations.length("global_name", globalName.orElse(null), 1, MAX_GLOBAL_NAME);
        DataUriImage.check(violations, "avatar", avatar.orElse(null));
        DataUriImage.check(violations, "banner", banner.orElse(null));
        violations.range("accent_color", accentColor.orElse(null), 0, 0xFFFFFF);
        violations.length("bio", bio.orElse(null), 0, MAX_BIO);
        if (newPassword.isPresent()) {
            PasswordRules.check(violations, "new_password", newPassword.get());
        }
    }

    /** Whether the change is sensitive enough to need the current password. */
    boolean needsPassword(UserRow current) {
        return newPassword.isPresent()
                || (username.hasValue() && !username.get().equals(current.username()));
    }

    /** Without the passwords and image data: a logged request must not expose them. */
    @Override
    public String toString() {
        return "ModifyCurrentUserRequest[username=" + username + ", global_name=" + globalName + "]";
    }
}
