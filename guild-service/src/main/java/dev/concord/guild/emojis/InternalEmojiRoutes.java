package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Unknown;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * An emoji by its id alone, for services that take one from a client (webhook-service's reactions name
 * {@code name:id}): whose it is, its name, whether it is animated and available.
 */
@Configuration(proxyBeanMethods = false)
class InternalEmojiRoutes {

    @Bean
    RouterFunction<ServerResponse> internalEmojiRouter(EmojiStore emojis) {
        return RouterFunctions.route()
                .GET("/internal/emojis/{emoji_id}", request -> emojis.find(PathIds.snowflake(request, "emoji_id"))
                        .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)))
                        .flatMap(emoji -> ServerResponse.ok().bodyValue(forServices(emoji))))
                .build();
    }

    /** {@code {"id", "name", "animated", "available", "guild_id", "application_id"}}, ids as strings. */
    static Map<String, Object> forServices(EmojiRow emoji) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", emoji.id().asString());
        body.put("name", emoji.name());
        body.put("animated", emoji.animated());
        body.put("available", emoji.available());
        body.put("guild_id", id(emoji.guildId()));
        body.put("application_id", id(emoji.applicationId()));
        return body;
    }

    private static @Nullable String id(@Nullable Snowflake id) {
        return id == null ? null : id.asString();
    }
}
