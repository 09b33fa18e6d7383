package dev.concord.social.family;

import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.util.List;
import java.util.Map;

/**
 * The refusals of Family Center. The platform does not document codes for them, so each is a 50035 naming
 * the field at fault (the error every client already shows next to the field), with a code of its own.
 */
final class FamilyCenterErrors {

    static final int MAX_CONNECTED = 8;

    private FamilyCenterErrors() {}

    /** Unknown, expired, used, or another user's code: one answer, so a guess learns nothing. */
    static ApiException invalidCode() {
        return field("code", "LINK_CODE_INVALID", "This link code is invalid or has expired.");
    }

    static ApiException selfLink() {
        return field("recipient_id", "LINK_SELF", "You cannot link your own account.");
    }

    static ApiException alreadyLinked() {
        return field("recipient_id", "LINK_ALREADY_EXISTS", "A link with this user already exists.");
    }

    /** Requestors and linked users are different accounts: a teen does not supervise, a parent is not supervised. */
    static ApiException roleTaken() {
        return field(
                "recipient_id", "LINK_ROLE_CONFLICT", "One of these accounts is already linked in the other role.");
    }

    static ApiException tooManyConnected() {
        return field(
                "recipient_id",
                "LINK_MAX_CONNECTED",
                "Maximum number of connected accounts reached (" + MAX_CONNECTED + ").");
    }

    static ApiException noSuchLink() {
        return field("linked_user_id", "LINK_UNKNOWN", "You have no pending or connected link with this user.");
    }

    static ApiException transitionRefused() {
        return field("link_status", "LINK_STATUS_INVALID", "This link cannot be changed to that status.");
    }

    /** {@code teen_id} names no teen connected to the caller (nor the caller, when they are the teen). */
    static ApiException unknownTeen() {
        return field("teen_id", "LINK_UNKNOWN", "You have no connected link with this user.");
    }

    private static ApiException field(String field, String code, String message) {
        return ApiErrors.invalidFormBody(
                Map.of(field, Map.of("_errors", List.of(Map.of("code", code, "message", message)))));
    }
}
