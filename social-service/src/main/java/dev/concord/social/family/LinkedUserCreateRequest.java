package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;

/** The body of {@code POST /users/@me/linked-users}: the teen to link to and the code their device showed. */
record LinkedUserCreateRequest(Snowflake recipientId, String code) implements Violations.Validatable {

    /** Codes are {@link LinkCodes#LENGTH} characters; anything much longer is not worth hashing. */
    static final int MAX_CODE_LENGTH = 64;

    @Override
    public void validate(Violations violations) {
        violations
                .required("recipient_id", recipientId)
                .required("code", code)
                .length("code", code, 1, MAX_CODE_LENGTH);
    }
}
