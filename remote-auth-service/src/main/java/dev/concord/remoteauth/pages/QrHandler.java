package dev.concord.remoteauth.pages;

import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.qr.Fingerprints;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The desktop page's QR code: {@code /remote-auth/qr/{fingerprint}.svg} draws {@code {ra_url}/{fingerprint}}
 * and {@code .json} tells the link, for the page to show as text. Both just render what they are given:
 * whether a session exists is for the phone's endpoints to say.
 */
@Component
class QrHandler {

    private static final MediaType SVG = MediaType.parseMediaType("image/svg+xml");

    private final QrCodes codes;
    private final RaUrls raUrls;

    QrHandler(QrCodes codes, RaUrls raUrls) {
        this.codes = codes;
        this.raUrls = raUrls;
    }

    Mono<ServerResponse> svg(ServerRequest request) {
        return Mono.fromCallable(() -> codes.svg(qrText(request))).flatMap(svg -> ServerResponse.ok()
                .contentType(SVG)
                .headers(PageHeaders::qrCode)
                .header("Content-Security-Policy", PageHeaders.IMAGE_POLICY)
                .bodyValue(svg));
    }

    Mono<ServerResponse> link(ServerRequest request) {
        return Mono.fromCallable(() -> qrText(request)).flatMap(url -> ServerResponse.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .headers(PageHeaders::qrCode)
                .bodyValue(Map.of("url", url)));
    }

    /** {@code {ra_url}/{fingerprint}}: what the code encodes. */
    private String qrText(ServerRequest request) {
        return raUrls.link(request.exchange().getRequest(), fingerprint(request.pathVariable("fingerprint")));
    }

    /** The path's fingerprint, or the platform's 50035 naming it. */
    static String fingerprint(String value) {
        Fingerprints.check(new Violations(), "fingerprint", value).throwIfAny();
        return value;
    }
}
