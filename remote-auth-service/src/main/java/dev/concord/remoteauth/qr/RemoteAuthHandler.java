package dev.concord.remoteauth.qr;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import dev.concord.remoteauth.ratelimit.ClientAddress;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for remote auth: the phone's claim, finish and cancel (its own session only), the desktop's ticket exchange. */
@Component
class RemoteAuthHandler {

    /**
     * The seed's {@code {handshake_token}}, plus who is asking ({@code desktop}: its address and browser),
     * which the phone shows before its user approves.
     */
    record ClaimResponse(String handshakeToken, Desktop desktop) {
        record Desktop(String ip, String userAgent) {}
    }

    record LoginResponse(String encryptedToken) {}

    private final MobileApprovals approvals;
    private final TicketExchange exchange;

    RemoteAuthHandler(MobileApprovals approvals, TicketExchange exchange) {
        this.approvals = approvals;
        this.exchange = exchange;
    }

    Mono<ServerResponse> claim(ServerRequest request) {
        var me = Principals.user(request).userId();
        return JsonBodies.checked(request, RemoteAuthRequests.Create.class)
                .flatMap(body -> approvals.claim(me, body.fingerprint()))
                .flatMap(claim -> ServerResponse.ok()
                        .bodyValue(new ClaimResponse(
                                claim.handshakeToken(),
                                new ClaimResponse.Desktop(claim.desktopAddress(), claim.desktopUserAgent()))));
    }

    Mono<ServerResponse> finish(ServerRequest request) {
        var me = Principals.user(request).userId();
        return JsonBodies.checked(request, RemoteAuthRequests.Finish.class)
                .flatMap(body -> approvals.finish(me, HandshakeToken.parseValid(body.handshakeToken())))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> cancel(ServerRequest request) {
        var me = Principals.user(request).userId();
        return JsonBodies.checked(request, RemoteAuthRequests.Cancel.class)
                .flatMap(body -> approvals.cancel(me, HandshakeToken.parseValid(body.handshakeToken())))
                .then(ServerResponse.noContent().build());
    }

    /** Public: the ticket is the credential. */
    Mono<ServerResponse> login(ServerRequest request) {
        String address = ClientAddress.of(request.exchange().getRequest());
        return JsonBodies.checked(request, RemoteAuthRequests.Login.class)
                .flatMap(body -> exchange.exchange(body.ticket(), address))
                .flatMap(encrypted -> ServerResponse.ok().bodyValue(new LoginResponse(encrypted)));
    }
}
