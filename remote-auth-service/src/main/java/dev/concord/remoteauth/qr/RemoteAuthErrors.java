package dev.concord.remoteauth.qr;

import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;

/**
 * The refusals of remote auth. A fingerprint or handshake token matching no session (never was, expired,
 * ended, claimed by another phone, another user's) is one answer, 10020 Unknown Session, so a guess learns
 * nothing; a ticket that cannot be exchanged is a form error on {@code ticket}.
 */
final class RemoteAuthErrors {

    static final String INVALID_TICKET = "REMOTE_AUTH_INVALID_TICKET";
    static final String INVALID_TICKET_MESSAGE = "Invalid or expired ticket.";

    private RemoteAuthErrors() {}

    static ApiException unknownSession() {
        return ApiErrors.unknown(Unknown.SESSION);
    }

    static ApiException invalidTicket() {
        return new Violations()
                .add("ticket", INVALID_TICKET, INVALID_TICKET_MESSAGE)
                .toException();
    }
}
