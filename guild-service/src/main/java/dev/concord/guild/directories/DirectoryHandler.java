package dev.concord.guild.directories;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for directory channels' entries and a guild's broadcast info; people and bots act themselves. */
@Component
final class DirectoryHandler {

    static final int MAX_ENTITY_IDS = 100;
    static final int MAX_QUERY = 100;

    private final DirectoryService directories;

    DirectoryHandler(DirectoryService directories) {
        this.directories = directories;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return directories
                .list(channelId, me.userId(), type(request), category(request))
                .flatMap(entries -> ServerResponse.ok().bodyValue(entries));
    }

    Mono<ServerResponse> partial(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        List<Snowflake> entityIds = entityIds(request);
        return directories.partial(channelId, me.userId(), entityIds).flatMap(entries -> ServerResponse.ok()
                .bodyValue(entries));
    }

    Mono<ServerResponse> counts(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return directories.counts(channelId, me.userId()).flatMap(counts -> {
            Map<String, Long> byCategory = new TreeMap<>();
            counts.forEach((category, count) -> byCategory.put(Integer.toString(category), count));
            return ServerResponse.ok().bodyValue(byCategory);
        });
    }

    Mono<ServerResponse> search(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        String query = request.queryParam("query").orElse(null);
        new Violations()
                .required("query", query)
                .length("query", query, 1, MAX_QUERY)
                .throwIfAny();
        return directories
                .search(channelId, me.userId(), Objects.requireNonNull(query), type(request), category(request))
                .flatMap(entries -> ServerResponse.ok().bodyValue(entries));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake entityId = PathIds.snowflake(request, "entity_id");
        return directories.get(channelId, entityId, me.userId()).flatMap(entry -> ServerResponse.ok()
                .bodyValue(entry));
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake entityId = PathIds.snowflake(request, "entity_id");
        return JsonBodies.checked(request, DirectoryEntryRequest.class)
                .flatMap(body -> directories.create(channelId, entityId, me.userId(), body))
                .flatMap(entry -> ServerResponse.ok().bodyValue(entry));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake entityId = PathIds.snowflake(request, "entity_id");
        return JsonBodies.checked(request, DirectoryEntryRequest.class)
                .flatMap(body -> directories.modify(channelId, entityId, me.userId(), body))
                .flatMap(entry -> ServerResponse.ok().bodyValue(entry));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake entityId = PathIds.snowflake(request, "entity_id");
        return directories
                .delete(channelId, entityId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> broadcast(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Integer type = type(request);
        new Violations().required("type", type).throwIfAny();
        Snowflake entityId = QueryParams.snowflake(request, "entity_id");
        return directories
                .broadcast(guildId, me.userId(), Objects.requireNonNull(type), entityId)
                .flatMap(info -> ServerResponse.ok().bodyValue(info));
    }

    private static @Nullable Integer type(ServerRequest request) {
        return request.queryParam("type").isPresent()
                ? QueryParams.integer(
                        request, "type", DirectoryEntryRow.GUILD, DirectoryEntryRow.GUILD_SCHEDULED_EVENT, 0)
                : null;
    }

    private static @Nullable Integer category(ServerRequest request) {
        if (request.queryParam("category_id").isEmpty()) {
            return null;
        }
        int category = QueryParams.integer(request, "category_id", 0, 5, 0);
        new Violations()
                .oneOf("category_id", category, DirectoryEntryRequest.CATEGORIES)
                .throwIfAny();
        return category;
    }

    /** {@code entity_ids}, repeated or comma-separated, 100 at most, each a snowflake (50035 naming it otherwise). */
    private static List<Snowflake> entityIds(ServerRequest request) {
        Set<Snowflake> ids = new LinkedHashSet<>();
        Violations v = new Violations();
        List<String> values = new ArrayList<>();
        request.queryParams().getOrDefault("entity_ids", List.of()).forEach(value -> {
            for (String part : value.split(",")) {
                if (!part.isBlank()) {
                    values.add(part.strip());
                }
            }
        });
        v.maxItems("entity_ids", values, MAX_ENTITY_IDS).throwIfAny();
        for (int i = 0; i < values.size(); i++) {
            Snowflake id = Snowflake.parseOrNull(values.get(i));
            if (id == null) {
                PathIds.notSnowflake(v.at("entity_ids"), Integer.toString(i), values.get(i));
            } else {
                ids.add(id);
            }
        }
        v.throwIfAny();
        return List.copyOf(ids);
    }
}
