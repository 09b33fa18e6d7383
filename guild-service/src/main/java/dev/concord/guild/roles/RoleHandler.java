package dev.concord.guild.roles;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for guild roles; people and bots act themselves, OAuth2 applications may not here. */
@Component
final class RoleHandler {

    private static final ParameterizedTypeReference<List<RolePosition>> POSITIONS =
            new ParameterizedTypeReference<>() {};
    /** A guild has at most 250 roles, so a longer list cannot be a valid reorder. */
    private static final int MAX_POSITIONS = RoleService.MAX_ROLES;

    private final RoleService service;

    RoleHandler(RoleService service) {
        this.service = service;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.list(guildId, me.userId())
                .flatMap(roles -> ServerResponse.ok().bodyValue(roles));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake roleId = PathIds.snowflake(request, "role_id");
        return service.get(guildId, roleId, me.userId())
                .flatMap(role -> ServerResponse.ok().bodyValue(role));
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, RoleRequest.class)
                .flatMap(body -> service.create(guildId, me.userId(), body))
                .flatMap(role -> ServerResponse.ok().bodyValue(role));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake roleId = PathIds.snowflake(request, "role_id");
        return JsonBodies.required(request, RoleRequest.class)
                .map(body -> {
                    Violations violations = new Violations();
                    body.validateModify(violations);
                    body.validate(violations);
                    violations.throwIfAny();
                    return body;
                })
                .flatMap(body -> service.modify(guildId, roleId, me.userId(), body))
                .flatMap(role -> ServerResponse.ok().bodyValue(role));
    }

    Mono<ServerResponse> reorder(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.required(request, POSITIONS)
                .map(RoleHandler::checkPositions)
                .flatMap(moves -> service.reorder(guildId, me.userId(), moves))
                .flatMap(roles -> ServerResponse.ok().bodyValue(roles));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake roleId = PathIds.snowflake(request, "role_id");
        return service.delete(guildId, roleId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    private static List<RolePosition> checkPositions(List<RolePosition> moves) {
        Violations violations = new Violations();
        violations.maxItems(null, moves, MAX_POSITIONS);
        for (int i = 0; i < moves.size() && moves.size() <= MAX_POSITIONS; i++) {
            RolePosition move = moves.get(i);
            if (move == null) {
                violations.required(Integer.toString(i), null);
            } else {
                violations.at(i).required("id", move.id()).range("position", move.position(), 0, Integer.MAX_VALUE);
            }
        }
        violations.throwIfAny();
        return moves;
    }
}
