package dev.concord.remoteauth.pages;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The remote-auth pages, all under {@code /remote-auth} (public, and routed here by the edge). WebSocket
 * upgrades of {@code /remote-auth/} are claimed before these routes by the gateway's own mapping, so a
 * plain GET there is a person who typed the address: it is sent to the login page.
 */
@Configuration(proxyBeanMethods = false)
class PageRoutes {

    @Bean
    RouterFunction<ServerResponse> remoteAuthPagesRouter(PageHandler pages, QrHandler qr) {
        return route().GET("/remote-auth", pages::toLogin)
                .GET("/remote-auth/", pages::toLogin)
                .GET("/remote-auth/login", pages::desktop)
                .GET("/remote-auth/ra", pages::phone)
                .GET("/remote-auth/ra/", pages::phone)
                .GET("/remote-auth/ra/{fingerprint}", pages::phone)
                .GET("/remote-auth/assets/{file}", pages::asset)
                .GET("/remote-auth/qr/{fingerprint}.svg", qr::svg)
                .GET("/remote-auth/qr/{fingerprint}.json", qr::link)
                .build();
    }
}
