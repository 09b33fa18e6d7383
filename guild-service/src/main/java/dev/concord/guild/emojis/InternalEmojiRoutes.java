package dev.concord.guild.emojis;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.MemberRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Unknown;
import java.util.Arrays;
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
 * {@code name:id}): whose it is, its name, whether it is animated and available, and, for the user a
 * {@code user_id} names, whether they may use it.
 */
@Configuration(proxyBeanMethods = false)
class InternalEmojiRoutes {

    @Bean
    RouterFunction<ServerResponse> internalEmojiRouter(EmojiStore emojis, AccessStore access) {
        return RouterFunctions.route()
                .GET("/internal/emojis/{emoji_id}", request -> {
                    Snowflake user = QueryParams.snowflake(request, "user_id");
                    return emojis.find(PathIds.snowflake(request, "emoji_id"))
                            .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)))
                            .flatMap(emoji -> {
                                Map<String, Object> body = forServices(emoji);
                                if (user == null) {
                                    return Mono.just(body);
                                }
                                return usableBy(emoji, user, access).map(usable -> {
                                    body.put("usable", usable);
                                    return body;
                                });
                            })
                            .flatMap(body -> ServerResponse.ok().bodyValue(body));
                })
                .build();
    }

    /**
     * Whether the user may use the emoji: it is available (not beyond the guild's boost tier), and when it
     * is locked to roles, they are a member of its guild holding one of them. An application's emoji has no
     * roles.
     */
    private static Mono<Boolean> usableBy(EmojiRow emoji, Snowflake userId, AccessStore access) {
        Snowflake guildId = emoji.guildId();
        if (!emoji.available()) {
            return Mono.just(false);
        }
        if (emoji.roleIds().length == 0 || guildId == null) {
            return Mono.just(true);
        }
        return access.member(guildId, userId)
                .map(member -> holdsOneOf(member, emoji.roleIds()))
                .defaultIfEmpty(false);
    }

    private static boolean holdsOneOf(MemberRow member, long[] roleIds) {
        return Arrays.stream(member.roleIds())
                .anyMatch(held -> Arrays.stream(roleIds).anyMatch(role -> role == held));
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
