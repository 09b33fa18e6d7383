package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;

/**
 * The body of {@code PATCH /users/@me/linked-users}: the new status of the link with
 * {@code linked_user_id}, the other party (the requestor when the linked user calls, else the linked user).
 */
record LinkedUserModifyRequest(Integer linkStatus, Snowflake linkedUserId) implements Violations.Validatable {

    @Override
    public void validate(Violations violations) {
        violations
                .required("link_status", linkStatus)
                .oneOf("link_status", linkStatus, LinkStatus.SETTABLE)
                .required("linked_user_id", linkedUserId);
    }
}
