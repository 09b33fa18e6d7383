package dev.concord.guild.threads;

import dev.concord.guild.threads.ThreadLists.Page;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for the thread lists: a guild's open threads and a channel's archived ones. */
@Component
final class ThreadListHandler {

    private static final int MIN_PAGE = 2;
    private static final int MAX_PAGE = 100;
    private static final int DEFAULT_PAGE = 50;

    private final ThreadLists lists;

    ThreadListHandler(ThreadLists lists) {
        this.lists = lists;
    }

    /** {@code GET /guilds/{guild.id}/threads/active}. */
    Mono<ServerResponse> active(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return lists.active(PathIds.snowflake(request, "guild_id"), me.userId()).flatMap(ThreadListHandler::answer);
    }

    /** {@code GET /channels/{channel.id}/threads/archived/public} and {@code .../private}. */
    Mono<ServerResponse> archivedPublic(ServerRequest request) {
        return archived(request, false);
    }

    Mono<ServerResponse> archivedPrivate(ServerRequest request) {
        return archived(request, true);
    }

    /** {@code GET /channels/{channel.id}/users/@me/threads/archived/private}: {@code before} is a thread id. */
    Mono<ServerResponse> joinedArchivedPrivate(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake before = QueryParams.snowflake(request, "before");
        int limit = QueryParams.integer(request, "limit", MIN_PAGE, MAX_PAGE, DEFAULT_PAGE);
        return lists.joinedArchivedPrivate(PathIds.snowflake(request, "channel_id"), me.userId(), before, limit)
                .flatMap(ThreadListHandler::answer);
    }

    private Mono<ServerResponse> archived(ServerRequest request, boolean privateOnes) {
        Principal me = Principals.userOrBot(request);
        Instant before = QueryParams.timestamp(request, "before");
        int limit = QueryParams.integer(request, "limit", MIN_PAGE, MAX_PAGE, DEFAULT_PAGE);
        return lists.archived(PathIds.snowflake(request, "channel_id"), me.userId(), privateOnes, before, limit)
                .flatMap(ThreadListHandler::answer);
    }

    private static Mono<ServerResponse> answer(Page page) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("threads", page.threads());
        body.put("members", page.members());
        body.put("has_more", page.hasMore());
        return ServerResponse.ok().bodyValue(body);
    }
}
