package dev.concord.social.notifications;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class NotificationRoutes {

    /** {@code PATCH /users/@me/notification-settings}: the caller's account-wide notification flags. */
    @Bean
    RouterFunction<ServerResponse> notificationSettingsRouter(NotificationSettingsHandler handler) {
        return RouterFunctions.route()
                .PATCH("/users/@me/notification-settings", handler::replace)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(NotificationSettingsModifyRequest.class))
                .build();
    }

    /**
     * {@code PATCH /users/@me/guilds/{guild.id}/settings} (one guild, or {@code @me} for private channels)
     * and {@code PATCH /users/@me/guilds/settings} (many guilds at once).
     */
    @Bean
    RouterFunction<ServerResponse> userGuildSettingsRouter(GuildSettingsHandler handler) {
        return RouterFunctions.route()
                .PATCH("/users/@me/guilds/settings", handler::modifyMany)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GuildSettingsBulkModifyRequest.class))
                .PATCH("/users/@me/guilds/{guild_id}/settings", handler::modifyOne)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(UserGuildSettingsModifyRequest.class))
                .build();
    }

    /**
     * The snapshots of a user's guild settings: list, take, restore, and delete, which the platform does
     * with a {@code GET} of the snapshot.
     */
    @Bean
    RouterFunction<ServerResponse> notificationSnapshotsRouter(SnapshotHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/notification-settings/snapshots", handler::list)
                .POST("/users/@me/notification-settings/snapshots", handler::take)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SnapshotCreateRequest.class))
                .POST("/users/@me/notification-settings/snapshots/{snapshot_id}/restore-guilds", handler::restore)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .GET("/users/@me/notification-settings/snapshots/{snapshot_id}", handler::delete)
                .build();
    }
}
