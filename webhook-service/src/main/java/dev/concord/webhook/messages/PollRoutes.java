package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import dev.concord.platform.web.Violations;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** A message's poll: voting, an answer's voters, ending it early. */
@Configuration(proxyBeanMethods = false)
class PollRoutes {

    private static final String POLL = "/channels/{channel_id}/polls/{message_id}";
    private static final int MAX_VOTERS = 100;
    private static final int DEFAULT_VOTERS = 25;

    @Bean
    RouterFunction<ServerResponse> pollRouter(PollService polls) {
        return RouterFunctions.route()
                .PUT(POLL + "/answers/@me", request -> JsonBodies.checked(request, PollVoteRequest.class)
                        .flatMap(body ->
                                polls.vote(Principals.userOrBot(request), channel(request), message(request), body))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PollVoteRequest.class))
                .GET(POLL + "/answers/{answer_id}", request -> voters(polls, request))
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().snowflake("after").integer("limit"))
                .POST(POLL + "/expire", request -> polls.expire(
                                Principals.userOrBot(request), channel(request), message(request))
                        .flatMap(message -> ServerResponse.ok().bodyValue(message)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }

    private static Mono<ServerResponse> voters(PollService polls, ServerRequest request) {
        int answer = answerId(request);
        Snowflake after = after(request);
        int limit = QueryParams.integer(request, "limit", 1, MAX_VOTERS, DEFAULT_VOTERS);
        return polls.voters(
                        Principals.userOrBot(request).userId(),
                        channel(request),
                        message(request),
                        answer,
                        after == null ? 0 : after.value(),
                        limit)
                .flatMap(users -> ServerResponse.ok().bodyValue(Map.of("users", users)));
    }

    /** The path's answer id: 1-10, as a poll numbers its answers (50035 naming it otherwise). */
    private static int answerId(ServerRequest request) {
        String text = request.pathVariable("answer_id");
        try {
            int id = Integer.parseInt(text);
            if (id >= 1 && id <= PollRequest.MAX_ANSWERS) {
                return id;
            }
        } catch (NumberFormatException notANumber) {
            // Refused below, as an out-of-range number is.
        }
        throw new Violations()
                .add("answer_id", "NUMBER_TYPE_MAX", "Must be an answer id between 1 and 10.")
                .toException();
    }

    private static @Nullable Snowflake after(ServerRequest request) {
        String text = request.queryParam("after").orElse(null);
        if (text == null) {
            return null;
        }
        Snowflake after = Snowflake.parseOrNull(text);
        if (after == null) {
            throw new Violations()
                    .add("after", "NUMBER_TYPE_COERCE", "Value \"" + text + "\" is not snowflake.")
                    .toException();
        }
        return after;
    }

    private static Snowflake channel(ServerRequest request) {
        return PathIds.snowflake(request, "channel_id");
    }

    private static Snowflake message(ServerRequest request) {
        return PathIds.snowflake(request, "message_id");
    }
}
