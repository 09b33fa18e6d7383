package dev.concord.remoteauth.user;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /internal/users?ids=1,2,3}: the partial users of those ids that exist, in one statement; or
 * {@code GET /internal/users?username=name}: the user of that username (any case), in an array of one or none.
 */
@Component
class InternalUserHandler {

    /** As many ids as keep the request line near 2 KB, well under the 4 KB a server accepts by default. */
    static final int MAX_IDS = 100;

    private final UserStore users;

    InternalUserHandler(UserStore users) {
        this.users = users;
    }

    Mono<ServerResponse> users(ServerRequest request) {
        List<String> usernames = request.queryParams().getOrDefault("username", List.of());
        if (!usernames.isEmpty()) {
            return byUsername(request, usernames);
        }
        List<Snowflake> ids = ids(request);
        return users.findAll(ids).map(UserRow::partialUser).collectList().flatMap(found -> ServerResponse.ok()
                .bodyValue(found));
    }

    private Mono<ServerResponse> byUsername(ServerRequest request, List<String> usernames) {
        Violations violations = new Violations();
        if (request.queryParams().containsKey("ids")) {
            violations.add("ids", "BASE_TYPE_INVALID", "Send ids or username, not both.");
        }
        String username = usernames.get(0);
        if (usernames.size() > 1) {
            violations.add("username", "BASE_TYPE_INVALID", "Send one username.");
        }
        // No username is longer than 32 characters; a longer one needs no lookup to be unknown.
        violations.length("username", username, 1, 32);
        violations.throwIfAny();
        return users.findByUsername(username)
                .map(UserRow::partialUser)
                .map(List::of)
                .defaultIfEmpty(List.of())
                .flatMap(found -> ServerResponse.ok().bodyValue(found));
    }

    /** 1 to {@link #MAX_IDS} snowflakes, comma-separated, repeats dropped; 50035 naming {@code ids} otherwise. */
    private static List<Snowflake> ids(ServerRequest request) {
        Violations violations = new Violations();
        Set<Snowflake> ids = new LinkedHashSet<>();
        List<String> values = request.queryParams().getOrDefault("ids", List.of());
        for (String value : values) {
            for (String id : value.split(",", -1)) {
                try {
                    ids.add(Snowflake.parse(id));
                } catch (NumberFormatException e) {
                    PathIds.notSnowflake(violations, "ids", id);
                }
            }
        }
        if (violations.isEmpty() && (ids.isEmpty() || ids.size() > MAX_IDS)) {
            violations.add("ids", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + MAX_IDS + " in length.");
        }
        violations.throwIfAny();
        return new ArrayList<>(ids);
    }
}
