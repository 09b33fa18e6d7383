package dev.concord.guild.invites;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.INVITE_DELETE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Listing, reading, deleting and following invites: permissions, stored rows and members, and their events. */
class InviteUseIT extends InviteApiSupport {

    @Test
    void channelManagersListTheChannelsLiveInvites() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), member);
        String live = code(guild.owner(), guild.general(), "{\"max_uses\": 7}");
        String expired = code(guild.owner(), guild.general(), "{\"unique\": true}");
        code(guild.owner(), guild.voice(), "{}");
        expire(expired);
        String path = "/channels/" + guild.general() + "/invites";

        Response owners = get(guild.owner(), path);
        Response members = get(member, path);
        putOverwrite(guild, guild.general(), member.asString(), 1, Permission.MANAGE_CHANNELS.bit(), 0);
        Response managers = get(member, path);

        assertThat(owners.status()).isEqualTo(200);
        assertThat(owners.body()).hasSize(1);
        JsonNode listed = owners.body().get(0);
        assertThat(listed.get("code").asString()).isEqualTo(live);
        assertThat(listed.get("max_uses").asInt()).isEqualTo(7);
        assertThat(METADATA).allMatch(listed::has);
        assertThat(members.body()).isEqualTo(MISSING_PERMISSIONS);
        assertThat(managers.body()).isEqualTo(owners.body());
        assertThat(get(member, "/channels/" + guild.voice() + "/invites").body())
                .isEqualTo(MISSING_PERMISSIONS);
        assertThat(get(stranger, path).body()).isEqualTo(MISSING_ACCESS);
        assertThat(get(guild.owner(), "/channels/" + guild.category() + "/invites")
                        .body())
                .isEqualTo(UNKNOWN_CHANNEL);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
    }

    @Test
    void guildManagersListEveryLiveInviteOfTheGuild() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake manager = newUser("manager");
        addMember(guild.id(), member);
        addMember(guild.id(), manager, addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit()));
        String text = code(guild.owner(), guild.general(), "{}");
        String voice = code(member, guild.voice(), "{}");
        String expired = code(guild.owner(), guild.general(), "{\"unique\": true}");
        expire(expired);
        String path = "/guilds/" + guild.id() + "/invites";

        Response managers = get(manager, path);

        assertThat(managers.status()).isEqualTo(200);
        assertThat(StreamSupport.stream(managers.body().spliterator(), false)
                        .map(i -> i.get("code").asString()))
                .containsExactlyInAnyOrder(text, voice);
        assertThat(managers.body()).allMatch(i -> METADATA.stream().allMatch(i::has));
        assertThat(get(guild.owner(), path).body()).isEqualTo(managers.body());
        assertThat(get(member, path).body()).isEqualTo(MISSING_PERMISSIONS);
        assertThat(get(newUser("stranger"), path).body()).isEqualTo(MISSING_ACCESS);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
    }

    @Test
    void anyoneSignedInReadsALiveInviteByItsCode() {
        Guild guild = newGuild();
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), newUser("member"));
        JsonNode created =
                invite(guild.owner(), guild.general(), "{\"max_age\": 600}").body();
        String code = created.get("code").asString();
        String path = "/invites/" + code;

        Response plain = get(stranger, path);
        Response counted = get(stranger, path + "?with_counts=true&with_expiration=true");

        assertThat(plain.status()).isEqualTo(200);
        JsonNode invite = plain.body();
        assertThat(invite.get("code").asString()).isEqualTo(code);
        assertThat(invite.get("type").asInt()).isZero();
        assertThat(invite.get("guild")).isEqualTo(created.get("guild"));
        assertThat(invite.get("channel")).isEqualTo(created.get("channel"));
        assertThat(invite.get("inviter")).isEqualTo(created.get("inviter"));
        assertThat(invite.get("expires_at")).isEqualTo(created.get("expires_at"));
        assertThat(METADATA).noneMatch(invite::has);
        assertThat(invite.has("approximate_member_count")).isFalse();
        assertThat(counted.body().get("approximate_member_count").asInt()).isEqualTo(2);
        assertThat(counted.body().get("approximate_presence_count").asInt()).isZero();
        assertThat(counted.body().get("expires_at")).isEqualTo(created.get("expires_at"));
        assertThat(call(HttpMethod.GET, path, botToken(stranger), null).body()).isEqualTo(invite);
        assertThat(call(HttpMethod.GET, path, oauthToken(stranger, "identify"), null)
                        .body())
                .isEqualTo(invite);
        assertThat(call(HttpMethod.GET, path, null, null).body())
                .as("public, as on the platform (InvitePreviewIT)")
                .isEqualTo(invite);
        Response unknown = get(stranger, "/invites/nosuchcode");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo(UNKNOWN_INVITE);
        expire(code);
        assertThat(get(stranger, path).body()).isEqualTo(UNKNOWN_INVITE);
    }

    @Test
    void deletingAnInviteNeedsManageChannelsThereOrManageGuildAndTellsTheManagers() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake channelManager = newUser("channels");
        Snowflake guildManager = newUser("guild");
        addMember(guild.id(), member);
        addMember(guild.id(), channelManager);
        addMember(guild.id(), guildManager, addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit()));
        putOverwrite(guild, guild.general(), channelManager.asString(), 1, Permission.MANAGE_CHANNELS.bit(), 0);
        String text = code(member, guild.general(), "{}");
        String voice = code(member, guild.voice(), "{}");

        Response byMember = delete(member, text);
        Response byStranger = delete(newUser("stranger"), text);
        Response elsewhere = delete(channelManager, voice);
        Response deleted = delete(channelManager, text);

        assertThat(byMember.body()).isEqualTo(MISSING_PERMISSIONS);
        assertThat(byStranger.body()).isEqualTo(MISSING_ACCESS);
        assertThat(elsewhere.body()).as("MANAGE_CHANNELS in another channel").isEqualTo(MISSING_PERMISSIONS);
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().get("code").asString()).isEqualTo(text);
        assertThat(deleted.body().get("channel").get("id").asString()).isEqualTo(guild.general());
        assertThat(deleted.body().get("inviter").get("id").asString()).isEqualTo(member.asString());
        assertThat(uses(text)).as("row gone").isEqualTo(-1);
        JsonNode event = awaitInviteEvent(INVITE_DELETE, text);
        assertThat(event.get("audience")).isEqualTo(json("""
                {"guild_id": "%s", "channel_id": "%s", "required_permission": "MANAGE_CHANNELS"}""".formatted(guild.id(), guild.general())));
        assertThat(event.get("data")).isEqualTo(json("""
                {"channel_id": "%s", "guild_id": "%s", "code": "%s"}""".formatted(guild.general(), guild.id(), text)));
        assertThat(get(member, "/invites/" + text).body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(delete(guild.owner(), text).body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(delete(guildManager, voice).status()).isEqualTo(200);
        assertThat(uses(voice)).isEqualTo(-1);
        assertThat(call(HttpMethod.DELETE, "/invites/" + voice, null, null).status())
                .isEqualTo(401);
    }

    @Test
    void followingAnInviteJoinsTheGuildOnceAndTellsTheJoinerAndTheMembers() {
        Guild guild = newGuild();
        Snowflake joiner = newUser("joiner");
        String code = code(guild.owner(), guild.general(), "{\"max_uses\": 10}");

        Response joined = join(joiner, code);
        Response again = join(joiner, code);
        Response owner = join(guild.owner(), code);

        assertThat(joined.status()).isEqualTo(200);
        assertThat(joined.body().get("code").asString()).isEqualTo(code);
        assertThat(joined.body().get("guild").get("id").asString()).isEqualTo(guild.id());
        assertThat(joined.body().get("channel").get("id").asString()).isEqualTo(guild.general());
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(joined.body());
        assertThat(owner.status()).isEqualTo(200);
        assertThat(isMember(guild.id(), joiner)).isTrue();
        assertThat(memberCount(guild.id())).isEqualTo(2);
        assertThat(uses(code)).as("only the first join counts").isEqualTo(1);

        JsonNode create = events.awaitOne(
                e -> e.path("type").asString().equals(GUILD_CREATE)
                        && e.path("audience").path("user_ids").toString().contains(joiner.asString()),
                Duration.ofSeconds(15));
        assertThat(create.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + joiner.asString() + "\"]}"));
        assertThat(create.get("data").get("id").asString()).isEqualTo(guild.id());
        assertThat(create.get("data").get("member_count").asInt()).isEqualTo(2);
        assertThat(create.get("data").get("channels")).hasSize(4);
        assertThat(create.get("data")
                        .get("members")
                        .get(0)
                        .get("user")
                        .get("id")
                        .asString())
                .isEqualTo(joiner.asString());
        JsonNode add = events.awaitOne(
                e -> e.path("type").asString().equals(GUILD_MEMBER_ADD)
                        && e.path("data").path("user").path("id").asString().equals(joiner.asString()),
                Duration.ofSeconds(15));
        assertThat(add.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(add.get("data").get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(add.get("data").get("user").get("username").asString()).isEqualTo("joiner" + joiner.value());
        assertThat(add.get("data").get("roles").isEmpty()).isTrue();
        assertThat(add.get("data").get("joined_at").asString()).isNotEmpty();

        Snowflake later = newUser("later");
        assertThat(join(later, code).status()).isEqualTo(200);
        events.awaitOne(
                e -> e.path("type").asString().equals(GUILD_MEMBER_ADD)
                        && e.path("data").path("user").path("id").asString().equals(later.asString()),
                Duration.ofSeconds(15));
        assertThat(eventsFor(GUILD_CREATE, guild.id(), joiner))
                .as("joining again publishes nothing")
                .hasSize(1);
        assertThat(eventsFor(GUILD_MEMBER_ADD, guild.id(), joiner)).hasSize(1);
        assertThat(eventsFor(GUILD_MEMBER_ADD, guild.id(), guild.owner())).isEmpty();
        assertThat(uses(code)).isEqualTo(2);
    }

    @Test
    void anInviteUsedUpIsDeletedAndTheManagersAreTold() {
        Guild guild = newGuild();
        Snowflake first = newUser("first");
        Snowflake second = newUser("second");
        Snowflake third = newUser("third");
        String code = code(guild.owner(), guild.general(), "{\"max_uses\": 2}");

        assertThat(join(first, code).status()).isEqualTo(200);
        assertThat(uses(code)).isEqualTo(1);
        Response last = join(second, code);
        Response tooLate = join(third, code);

        assertThat(last.status()).isEqualTo(200);
        assertThat(last.body().get("code").asString()).isEqualTo(code);
        assertThat(uses(code)).as("row gone").isEqualTo(-1);
        assertThat(tooLate.status()).isEqualTo(404);
        assertThat(tooLate.body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(isMember(guild.id(), second)).isTrue();
        assertThat(isMember(guild.id(), third)).isFalse();
        assertThat(memberCount(guild.id())).isEqualTo(3);
        JsonNode event = awaitInviteEvent(INVITE_DELETE, code);
        assertThat(event.get("audience").get("required_permission").asString()).isEqualTo("MANAGE_CHANNELS");
        assertThat(event.get("data")).isEqualTo(json("""
                {"channel_id": "%s", "guild_id": "%s", "code": "%s"}""".formatted(guild.general(), guild.id(), code)));
    }

    @Test
    void botsApplicationsFullAccountsAndExpiredInvitesDoNotJoin() {
        Guild guild = newGuild();
        Snowflake bot = newUser("bot");
        Snowflake application = newUser("app");
        Snowflake collector = newUser("collector");
        fillGuildLimit(collector);
        String code = code(guild.owner(), guild.general(), "{}");
        String expired = code(guild.owner(), guild.general(), "{\"unique\": true}");
        expire(expired);

        Response byBot = call(HttpMethod.POST, "/invites/" + code, botToken(bot), null);
        Response byApplication =
                call(HttpMethod.POST, "/invites/" + code, oauthToken(application, "guilds.join"), null);
        Response full = join(collector, code);
        Response late = join(newUser("late"), expired);

        assertThat(byBot.status()).isEqualTo(403);
        assertThat(byBot.body()).isEqualTo(json("{\"message\": \"Bots cannot use this endpoint\", \"code\": 20001}"));
        assertThat(byApplication.status()).isEqualTo(403);
        assertThat(byApplication.body()).isEqualTo(MISSING_ACCESS);
        assertThat(full.status()).isEqualTo(400);
        assertThat(full.body())
                .isEqualTo(json("{\"message\": \"Maximum number of guilds reached (100)\", \"code\": 30001}"));
        assertThat(late.body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(join(collector, "nosuchcode").body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(call(HttpMethod.POST, "/invites/" + code, null, null).status())
                .isEqualTo(401);
        assertThat(uses(code)).isZero();
        assertThat(memberCount(guild.id())).isEqualTo(1);
        assertThat(isMember(guild.id(), bot) || isMember(guild.id(), application) || isMember(guild.id(), collector))
                .isFalse();
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", collector))
                .isEqualTo(100);
    }
}
