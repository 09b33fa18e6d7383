package dev.concord.localstack;

import java.util.Map;

/**
 * Makes the two demo users friends: one asks, the other accepts, both with PUT, which leaves friends as
 * they are, so a restarted stack seeds again harmlessly.
 */
final class DemoFriendship {

    /** social-service learns of new users from identity.events; give the replica a moment to catch up. */
    private static final int ATTEMPTS = 50;

    private DemoFriendship() {}

    static void seed(DemoApi api, DemoUser one, DemoUser other) {
        String oneId = DemoGuild.userId(api, one);
        String otherId = DemoGuild.userId(api, other);
        befriend(api, one, otherId);
        befriend(api, other, oneId);
    }

    private static void befriend(DemoApi api, DemoUser user, String targetId) {
        String path = "/users/@me/relationships/" + targetId;
        DemoApi.Answer answer = api.call("PUT", path, user.token(), Map.of());
        for (int attempt = 1; attempt < ATTEMPTS && answer.status() == 404; attempt++) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            answer = api.call("PUT", path, user.token(), Map.of());
        }
        if (!answer.ok()) {
            throw DemoApi.failure("befriend", answer);
        }
    }
}
