package dev.concord.platform.test.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteCatalog;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

class RequestSchemaCheckTest {

    record WelcomeChannel(Snowflake channelId, String description) {}

    /** The platform's welcome screen request has description, welcome_channels and enabled. */
    record WelcomeScreenRequest(
            Possible<Optional<String>> description, List<WelcomeChannel> welcomeChannels, Boolean ours) {}

    record FullWidgetRequest(Possible<Optional<Snowflake>> channelId, Boolean enabled) {}

    private static RouteCatalog catalog(Class<?> welcomeScreen) {
        RouterFunction<ServerResponse> router = RouterFunctions.route()
                .PATCH("/guilds/{guild_id}/welcome-screen", request -> ServerResponse.ok()
                        .build())
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(welcomeScreen))
                .PATCH("/guilds/{guild_id}/widget", request -> ServerResponse.ok()
                        .build())
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(FullWidgetRequest.class))
                .POST("/internal/things", request -> ServerResponse.ok().build())
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(FullWidgetRequest.class))
                .GET("/guilds/{guild_id}", request -> ServerResponse.ok().build())
                .build();
        return new RouteCatalog(List.of(router));
    }

    @Test
    void namesThePlatformsFieldsOurTypeDoesNotReadTopLevelAndOneLevelDown() {
        RequestSchemaCheck.Report report = RequestSchemaCheck.of(
                        "test", catalog(WelcomeScreenRequest.class), Json.mapper())
                .run();

        assertThat(report.compared())
                .containsOnlyKeys("PATCH /guilds/{guild_id}/welcome-screen", "PATCH /guilds/{guild_id}/widget");
        assertThat(report.withoutOperation()).containsExactly("POST /internal/things");
        assertThat(report.notModelled().get("PATCH /guilds/{guild_id}/welcome-screen"))
                .containsExactlyInAnyOrder("enabled", "welcome_channels[].emoji_id", "welcome_channels[].emoji_name");
        assertThat(report.notModelled().get("PATCH /guilds/{guild_id}/widget")).isEmpty();
        assertThat(report.ourOwn().get("PATCH /guilds/{guild_id}/welcome-screen"))
                .containsExactly("ours");
    }

    @Test
    void failsOnAFieldNotListedAndPassesWhenEachIsListedWithItsReason() {
        assertThatThrownBy(() -> RequestSchemaCheck.of("test", catalog(WelcomeScreenRequest.class), Json.mapper())
                        .notModelled("PATCH /guilds/{guild_id}/welcome-screen", List.of("enabled"), "a reason")
                        .run()
                        .assertNoGaps())
                .hasMessageContaining("welcome_channels[].emoji_id")
                .hasMessageNotContaining("field enabled");

        RequestSchemaCheck.of("test", catalog(WelcomeScreenRequest.class), Json.mapper())
                .notModelled(
                        "PATCH /guilds/{guild_id}/welcome-screen",
                        List.of("enabled", "welcome_channels[].emoji_id", "welcome_channels[].emoji_name"),
                        "a reason")
                .run()
                .assertNoGaps();
    }

    @Test
    void failsOnAListedFieldThatIsModelledNowOrAListedRouteNotCompared() {
        assertThatThrownBy(() -> RequestSchemaCheck.of("test", catalog(WelcomeScreenRequest.class), Json.mapper())
                        .notModelled(
                                "PATCH /guilds/{guild_id}/welcome-screen",
                                List.of("enabled", "welcome_channels[].emoji_id", "welcome_channels[].emoji_name"),
                                "a reason")
                        .notModelled("PATCH /guilds/{guild_id}/widget", List.of("enabled"), "once true")
                        .notModelled("POST /internal/things", List.of("x"), "no operation")
                        .run()
                        .assertNoGaps())
                .hasMessageContaining("Stale entry: PATCH /guilds/{guild_id}/widget enabled")
                .hasMessageContaining("Stale entry: POST /internal/things is not a compared route");
    }
}
