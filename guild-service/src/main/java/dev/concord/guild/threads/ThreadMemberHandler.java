package dev.concord.guild.threads;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

/** HTTP for a thread's members: {@code /channels/{thread.id}/thread-members[/@me | /{user.id}]}. */
@Component
final class ThreadMemberHandler {

    private static final int MAX_PAGE = 100;

    private final ThreadMembers members;
    private final ThreadStore threads;
    private final ThreadMemberViews views;

    ThreadMemberHandler(ThreadMembers members, ThreadStore threads, ThreadMemberViews views) {
        this.members = members;
        this.threads = threads;
        this.views = views;
    }

    Mono<ServerResponse> add(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return members.add(thread(request), me.userId(), target(request, me))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> remove(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return members.remove(thread(request), me.userId(), target(request, me))
                .then(ServerResponse.noContent().build());
    }

    /** One member; with {@code with_member=true} their guild member object as {@code member}. */
    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake threadId = thread(request);
        boolean withMember = QueryParams.flag(request, "with_member");
        return members.get(threadId, me.userId(), PathIds.snowflake(request, "user_id"))
                .flatMap(member -> render(threadId, List.of(member), withMember))
                .flatMap(rendered -> ServerResponse.ok().bodyValue(rendered.get(0)));
    }

    /** A page of members after {@code after}, up to {@code limit} (1-100, default 100). */
    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake threadId = thread(request);
        boolean withMember = QueryParams.flag(request, "with_member");
        int limit = QueryParams.integer(request, "limit", 1, MAX_PAGE, MAX_PAGE);
        Snowflake after = QueryParams.snowflake(request, "after");
        return members.list(threadId, me.userId(), after == null ? 0 : after.value(), limit)
                .collectList()
                .flatMap(page -> render(threadId, page, withMember))
                .flatMap(rendered -> ServerResponse.ok().bodyValue(rendered));
    }

    /** The thread members as answered, each with its guild member object when asked for (two reads). */
    private Mono<List<ObjectNode>> render(Snowflake threadId, List<ThreadMemberData> page, boolean withMember) {
        if (!withMember || page.isEmpty()) {
            return Mono.just(page.stream().map(views::plain).toList());
        }
        return threads.find(threadId, false).flatMap(thread -> views.withMembers(thread.guildId(), page));
    }

    private static Snowflake thread(ServerRequest request) {
        return PathIds.snowflake(request, "channel_id");
    }

    /** {@code @me} is the caller; anything else a user id. */
    private static Snowflake target(ServerRequest request, Principal me) {
        String user = request.pathVariables().get("user_id");
        return user == null || user.equals("@me") ? me.userId() : PathIds.snowflake(request, "user_id");
    }
}
