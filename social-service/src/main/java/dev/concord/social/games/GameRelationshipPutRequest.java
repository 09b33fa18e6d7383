package dev.concord.social.games;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;

/**
 * The body of the two {@code PUT}s, {@code {"type"?}}; it may be left out altogether. Without an
 * application in the path the type is -1 (accept their request or ask) or FRIEND (1), which does the
 * same; with one, only FRIEND: that route accepts.
 */
record GameRelationshipPutRequest(Possible<Integer> type) {

    static final GameRelationshipPutRequest EMPTY = new GameRelationshipPutRequest(Possible.absent());
    static final List<Integer> REQUEST_OR_ACCEPT = List.of(-1, 1);
    static final List<Integer> ACCEPT = List.of(1);

    /** This body, or a 50035 naming {@code type} when it is null or not one of {@code allowed}. */
    GameRelationshipPutRequest checked(List<Integer> allowed) {
        Violations v = new Violations();
        v.notNullIfSent("type", type);
        v.oneOf("type", type.orNull(), allowed);
        v.throwIfAny();
        return this;
    }
}
