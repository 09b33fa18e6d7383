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
        DemoApi.Answer answer = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            answer = api.call("PUT", "/users/@me/relationships/" + targetId, user.token(), Map.of());
            if (answer.ok()) {
                return;
            }
            if (answer.status() != 404) {
                break;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw DemoApi.failure("befriend", answer);
    }
}
