package dev.concord.localstack;

/**
 * What a fresh stack is seeded with, through the public API: the demo user, a second user who is their
 * friend, and a guild the first owns and the second has joined.
 */
public record DemoSeed(DemoUser owner, DemoUser friend, DemoGuild guild) {

    static DemoSeed seed(int edgePort) {
        DemoApi api = new DemoApi(edgePort);
        DemoUser owner = DemoUser.seed(api, DemoUser.USERNAME, "Demo");
        DemoUser friend = DemoUser.seed(api, DemoUser.FRIEND_USERNAME, "Demo Friend");
        DemoFriendship.seed(api, owner, friend);
        return new DemoSeed(owner, friend, DemoGuild.seed(api, owner, friend));
    }
}
