package dev.concord.remoteauth.pages;

import dev.concord.platform.web.ApiErrors;
import dev.concord.remoteauth.pages.PageFiles.PageFile;
import java.net.URI;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** The desktop login page, the phone's approval page and their scripts and style. */
@Component
class PageHandler {

    private static final URI LOGIN = URI.create("/remote-auth/login");

    private final PageFiles files;

    PageHandler(PageFiles files) {
        this.files = files;
    }

    Mono<ServerResponse> toLogin(ServerRequest request) {
        return ServerResponse.seeOther(LOGIN).build();
    }

    Mono<ServerResponse> desktop(ServerRequest request) {
        return serve(request, files.page(PageFiles.DESKTOP_PAGE), PageHeaders::page);
    }

    /** One page for every fingerprint, or none: its script reads the path and checks it. */
    Mono<ServerResponse> phone(ServerRequest request) {
        return serve(request, files.page(PageFiles.PHONE_PAGE), PageHeaders::page);
    }

    Mono<ServerResponse> asset(ServerRequest request) {
        return files.asset(request.pathVariable("file"))
                .map(file -> serve(request, file, PageHeaders::asset))
                .orElseGet(() -> Mono.error(ApiErrors.notFound()));
    }

    private static Mono<ServerResponse> serve(ServerRequest request, PageFile file, Consumer<HttpHeaders> headers) {
        if (matches(request.headers().firstHeader(HttpHeaders.IF_NONE_MATCH), file.etag())) {
            return ServerResponse.status(HttpStatus.NOT_MODIFIED)
                    .eTag(file.etag())
                    .headers(headers)
                    .build();
        }
        return ServerResponse.ok()
                .contentType(file.type())
                .eTag(file.etag())
                .headers(headers)
                .bodyValue(file.bytes());
    }

    /** RFC 9110 §13.1.2: a weak comparison, so a "W/" a cache put in front still matches. */
    private static boolean matches(@Nullable String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String tag = candidate.trim();
            if (tag.startsWith("W/")) {
                tag = tag.substring(2);
            }
            if (tag.equals(etag) || tag.equals("*")) {
                return true;
            }
        }
        return false;
    }
}
