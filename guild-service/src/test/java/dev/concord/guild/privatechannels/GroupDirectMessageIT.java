package dev.concord.guild.privatechannels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.SocialServiceFake;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Group DMs: made by a person of friends (social-service's say, faked here), at most ten people; its
 * recipients add their friends, its owner removes anyone, anyone leaves; the owner leaving hands it on.
 */
class GroupDirectMessageIT extends GuildApiSupport {

    private static final SocialServiceFake SOCIAL = SocialServiceFake.shared();

    @Test
    void aPersonMakesAGroupOfFriendsAndEachRecipientHearsOfItAsTheyReadIt() {
        Snowflake me = newUser("maker");
        Snowflake ann = friendOf(me, "ann");
        Snowflake bob = friendOf(me, "bob");

        Response made = open(me, "{\"recipients\": [\"" + ann + "\", \"" + bob + "\", \"" + ann + "\"]}");

        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        JsonNode group = made.body();
        String id = group.get("id").asString();
        assertThat(group.get("type").asInt()).isEqualTo(3);
        assertThat(group.get("owner_id").asString()).isEqualTo(me.asString());
        assertThat(group.has("name") && group.get("name").isNull())
                .as("written, null")
                .isTrue();
        assertThat(group.has("icon") && group.get("icon").isNull()).isTrue();
        assertThat(ids(group.get("recipients"))).containsExactlyInAnyOrder(ann.asString(), bob.asString());
        for (Snowflake reader : List.of(me, ann, bob)) {
            JsonNode created = awaitEvent(e -> isEventFor(e, "CHANNEL_CREATE", reader)
                    && e.at("/data/id").asString().equals(id));
            assertThat(ids(created.at("/data/recipients")))
                    .as("the others, as %s reads them", reader)
                    .hasSize(2)
                    .doesNotContain(reader.asString());
            assertThat(created.at("/data/owner_id").asString()).isEqualTo(me.asString());
        }
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id", Snowflake.parse(id)))
                .isEqualTo(3);
        assertThat(count("SELECT owner_id FROM private_channels WHERE id = :id", Snowflake.parse(id)))
                .isEqualTo(me.value());
        assertThat(ids(get(bob, "/users/@me/channels").body())).contains(id);
        assertThat(open(me, "{\"recipients\": [\"" + ann + "\"]}")
                        .body()
                        .get("type")
                        .asInt())
                .as("one recipient: the DM with them, as the platform's clients open it")
                .isEqualTo(1);
        JsonNode alone = open(me, "{\"recipients\": []}").body();
        assertThat(alone.get("type").asInt()).isEqualTo(3);
        assertThat(alone.get("recipients")).isEmpty();
    }

    @Test
    void onlyFriendsUsersAndTenPeopleAndNoBots() {
        Snowflake me = newUser("maker");
        Snowflake friend = friendOf(me, "friend");
        Snowflake stranger = newUser("stranger");
        List<String> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ten.add(friendOf(me, "many" + i).asString());
        }
        long before = count("SELECT count(*) FROM private_channel_recipients WHERE user_id = :id", me);

        assertThat(open(me, recipients(friend, stranger)).body().get("code").asInt())
                .as("a stranger")
                .isEqualTo(50033);
        assertThat(open(me, "{\"recipients\": [\"" + friend + "\", \"1\"]}")
                        .body()
                        .get("code")
                        .asInt())
                .as("no such user")
                .isEqualTo(50033);
        assertThat(open(me, "{\"recipients\": [" + quoted(ten) + "]}")
                        .body()
                        .at("/errors/recipients/_errors/0/code")
                        .asString())
                .as("eleven people")
                .isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(open(me, recipients(friend, me))
                        .body()
                        .at("/errors/recipients/_errors/0/code")
                        .asString())
                .isEqualTo("DIRECT_MESSAGE_SELF");
        assertThat(open(me, "{\"access_tokens\": [\"x\"], \"nicks\": {}}")
                        .body()
                        .at("/errors/access_tokens/_errors/0/code")
                        .asString())
                .isEqualTo("UNSUPPORTED");
        Response fromBot =
                call(HttpMethod.POST, "/users/@me/channels", botToken(newUser("bot")), recipients(friend, stranger));
        assertThat(fromBot.status()).isEqualTo(403);
        assertThat(fromBot.body().get("code").asInt()).isEqualTo(20001);
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE user_id = :id", me))
                .as("nothing made")
                .isEqualTo(before);
    }

    @Test
    void recipientsAddTheirFriendsAndOnlyTheOwnerRemovesOthers() {
        Snowflake me = newUser("owner");
        Snowflake ann = friendOf(me, "ann");
        Snowflake annsFriend = friendOf(ann, "annsfriend");
        Snowflake stranger = newUser("stranger");
        // "recipients" with one user opens the DM with them: a group of two is made alone, then joined.
        String id = open(me, "{\"recipients\": []}").body().get("id").asString();
        assertThat(put(me, id, ann).status()).isEqualTo(201);

        Response added = put(ann, id, annsFriend);
        Response again = put(ann, id, annsFriend);

        assertThat(added.status()).as("%s", added.body()).isEqualTo(201);
        assertThat(ids(added.body().get("recipients")))
                .as("the group as the adder reads it")
                .containsExactlyInAnyOrder(me.asString(), annsFriend.asString());
        assertThat(again.status()).isEqualTo(204);
        String groupId = id;
        JsonNode toOwner = awaitEvent(e -> isEventFor(e, "CHANNEL_RECIPIENT_ADD", me)
                && e.at("/data/user/id").asString().equals(annsFriend.asString()));
        assertThat(toOwner.at("/data/channel_id").asString()).isEqualTo(groupId);
        assertThat(ids(toOwner.at("/audience/user_ids"))).containsExactlyInAnyOrder(me.asString(), ann.asString());
        awaitEvent(e -> isEventFor(e, "CHANNEL_CREATE", annsFriend)
                && e.at("/data/id").asString().equals(groupId));
        assertThat(put(ann, id, stranger).body().get("code").asInt()).isEqualTo(50033);
        assertThat(put(stranger, id, stranger).body().get("code").asInt())
                .as("not in it")
                .isEqualTo(50001);
        assertThat(delete(ann, id, annsFriend).body().get("code").asInt())
                .as("only the owner removes others")
                .isEqualTo(50013);

        assertThat(delete(me, id, annsFriend).status()).isEqualTo(204);

        JsonNode removed = awaitEvent(e -> isEventFor(e, "CHANNEL_RECIPIENT_REMOVE", me)
                && e.at("/data/channel_id").asString().equals(groupId));
        assertThat(removed.at("/data/user/id").asString()).isEqualTo(annsFriend.asString());
        assertThat(ids(removed.at("/audience/user_ids"))).containsExactlyInAnyOrder(me.asString(), ann.asString());
        awaitEvent(e -> isEventFor(e, "CHANNEL_DELETE", annsFriend)
                && e.at("/data/id").asString().equals(groupId));
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id", Snowflake.parse(id)))
                .isEqualTo(2);
        assertThat(delete(me, id, annsFriend).status())
                .as("gone already: nothing to do")
                .isEqualTo(204);
        assertThat(call(HttpMethod.PUT, "/channels/" + id + "/recipients/" + ann, null, null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, "/channels/" + id + "/recipients/" + ann, null, null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.PATCH, "/channels/" + id, null, "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, "/channels/" + id, null, null).status())
                .isEqualTo(401);
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id", Snowflake.parse(id)))
                .as("none of them changed anything")
                .isEqualTo(2);
    }

    @Test
    void theOwnerLeavingHandsTheGroupOnAndTheLastOneLeavingEndsIt() {
        Snowflake me = newUser("owner");
        Snowflake ann = friendOf(me, "ann");
        Snowflake bob = friendOf(me, "bob");
        Snowflake id =
                Snowflake.parse(open(me, recipients(ann, bob)).body().get("id").asString());
        Snowflake heir = ann.value() < bob.value() ? ann : bob;

        assertThat(delete(me, id.asString(), me).status()).isEqualTo(204);

        JsonNode updated = awaitEvent(e -> isEventFor(e, "CHANNEL_UPDATE", heir)
                && e.at("/data/id").asString().equals(id.asString()));
        assertThat(updated.at("/data/owner_id").asString()).isEqualTo(heir.asString());
        assertThat(count("SELECT owner_id FROM private_channels WHERE id = :id", id))
                .isEqualTo(heir.value());
        assertThat(delete(ann, id.asString(), ann).status()).isEqualTo(204);
        assertThat(delete(bob, id.asString(), bob).status()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM private_channels WHERE id = :id", id))
                .isZero();
    }

    @Test
    void aRecipientReadsAPrivateChannelByIdAndLeavesAGroupByDeletingIt() {
        Snowflake me = newUser("owner");
        Snowflake ann = friendOf(me, "ann");
        Snowflake bob = friendOf(me, "bob");
        String group = open(me, recipients(ann, bob)).body().get("id").asString();
        String dm =
                open(me, "{\"recipient_id\": \"" + ann + "\"}").body().get("id").asString();

        Response read = get(bob, "/channels/" + group);
        Response left = call(HttpMethod.DELETE, "/channels/" + group, userToken(bob), null);

        assertThat(read.status()).as("%s", read.body()).isEqualTo(200);
        assertThat(read.body().get("owner_id").asString()).isEqualTo(me.asString());
        assertThat(ids(read.body().get("recipients"))).containsExactlyInAnyOrder(me.asString(), ann.asString());
        assertThat(get(ann, "/channels/" + dm).body().get("type").asInt()).isEqualTo(1);
        assertThat(get(bob, "/channels/" + dm).body().get("code").asInt())
                .as("not theirs")
                .isEqualTo(50001);
        assertThat(left.status()).as("%s", left.body()).isEqualTo(200);
        assertThat(left.body().get("id").asString()).as("the group as it was").isEqualTo(group);
        awaitEvent(e -> isEventFor(e, "CHANNEL_DELETE", bob)
                && e.at("/data/id").asString().equals(group));
        awaitEvent(e -> isEventFor(e, "CHANNEL_RECIPIENT_REMOVE", me)
                && e.at("/data/user/id").asString().equals(bob.asString()));
        assertThat(count(
                        "SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id",
                        Snowflake.parse(group)))
                .isEqualTo(2);
        assertThat(get(bob, "/channels/" + group).body().get("code").asInt()).isEqualTo(50001);
        assertThat(call(HttpMethod.DELETE, "/channels/" + dm, userToken(bob), null)
                        .body()
                        .get("code")
                        .asInt())
                .as("not theirs to close")
                .isEqualTo(50001);
    }

    @Test
    void anyRecipientNamesTheGroupAndSetsItsIcon() {
        Snowflake me = newUser("owner");
        Snowflake ann = friendOf(me, "ann");
        Snowflake stranger = newUser("stranger");
        String group =
                open(me, recipients(ann, friendOf(me, "bob"))).body().get("id").asString();
        String dm =
                open(me, "{\"recipient_id\": \"" + ann + "\"}").body().get("id").asString();
        String png =
                "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

        Response named = patch(ann, group, "{\"name\": \"Trip planning\", \"icon\": \"" + png + "\"}");

        assertThat(named.status()).as("%s", named.body()).isEqualTo(200);
        assertThat(named.body().get("name").asString()).isEqualTo("Trip planning");
        assertThat(named.body().get("icon").asString()).matches("[0-9a-f]{32}");
        assertThat(named.body().get("owner_id").asString())
                .as("a recipient, not the owner, may")
                .isEqualTo(me.asString());
        JsonNode update = awaitEvent(e -> isEventFor(e, "CHANNEL_UPDATE", me)
                && e.at("/data/id").asString().equals(group));
        assertThat(update.at("/data/name").asString()).isEqualTo("Trip planning");
        assertThat(count(
                        "SELECT count(*) FROM private_channels WHERE id = :id AND name = 'Trip planning'",
                        Snowflake.parse(group)))
                .isEqualTo(1);

        assertThat(patch(ann, group, "{\"name\": \"" + "x".repeat(101) + "\"}")
                        .body()
                        .at("/errors/name/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(patch(ann, group, "{\"icon\": \"not an image\"}")
                        .body()
                        .at("/errors/icon/_errors/0/code")
                        .asString())
                .isEqualTo("IMAGE_INVALID");
        assertThat(get(me, "/channels/" + group).body().get("name").asString())
                .as("a refused PATCH changes nothing")
                .isEqualTo("Trip planning");
        assertThat(patch(me, group, "{\"name\": \"\", \"icon\": null}")
                        .body()
                        .get("name")
                        .isNull())
                .as("empty clears it")
                .isTrue();
        assertThat(get(me, "/channels/" + group).body().get("icon").isNull()).isTrue();
        assertThat(patch(me, dm, "{\"name\": \"x\"}").body().get("code").asInt())
                .isEqualTo(50003);
        assertThat(patch(stranger, group, "{\"name\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
    }

    private Response patch(Snowflake me, String channelId, String body) {
        return call(HttpMethod.PATCH, "/channels/" + channelId, userToken(me), body);
    }

    @Test
    void aFullGroupADmOfTwoAndNoChannel() {
        Snowflake me = newUser("owner");
        List<Snowflake> friends = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            friends.add(friendOf(me, "f" + i));
        }
        Snowflake tenth = friendOf(me, "tenth");
        String full = open(me, recipients(friends.toArray(Snowflake[]::new)))
                .body()
                .get("id")
                .asString();
        String dm = open(me, "{\"recipient_id\": \"" + tenth + "\"}")
                .body()
                .get("id")
                .asString();

        assertThat(put(me, full, tenth).body().get("code").asInt()).isEqualTo(30004);
        assertThat(put(me, dm, friends.get(0)).body().get("code").asInt()).isEqualTo(50003);
        assertThat(put(me, "1", tenth).body().get("code").asInt()).isEqualTo(10003);
        assertThat(count(
                        "SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id",
                        Snowflake.parse(full)))
                .isEqualTo(10);
    }

    private Snowflake friendOf(Snowflake user, String name) {
        Snowflake friend = newUser(name);
        SOCIAL.friends(user.value(), friend.value());
        return friend;
    }

    private Response open(Snowflake me, String body) {
        return call(HttpMethod.POST, "/users/@me/channels", userToken(me), body);
    }

    private Response put(Snowflake me, String channelId, Snowflake user) {
        return call(HttpMethod.PUT, "/channels/" + channelId + "/recipients/" + user, userToken(me), null);
    }

    private Response delete(Snowflake me, String channelId, Snowflake user) {
        return call(HttpMethod.DELETE, "/channels/" + channelId + "/recipients/" + user, userToken(me), null);
    }

    private static String recipients(Snowflake... users) {
        return "{\"recipients\": ["
                + quoted(Arrays.stream(users).map(Snowflake::asString).toList()) + "]}";
    }

    private static String quoted(List<String> ids) {
        return ids.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(", "));
    }

    private static List<String> ids(JsonNode array) {
        return array.valueStream()
                .map(node -> node.isObject() ? node.get("id").asString() : node.asString())
                .toList();
    }
}
