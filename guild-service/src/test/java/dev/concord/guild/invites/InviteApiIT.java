package dev.concord.guild.invites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Invites through HTTP: bodies, permissions, stored rows and members, and the events they publish. */
class InviteApiIT extends GuildApiSupport {

    static final JsonNode MISSING_PERMISSIONS = json("{\"message\": \"Missing Permissions\", \"code\": 50013}");
    static final JsonNode MISSING_ACCESS = json("{\"message\": \"Missing Access\", \"code\": 50001}");
    static final JsonNode UNKNOWN_INVITE = json("{\"message\": \"Unknown Invite\", \"code\": 10006}");
    static final JsonNode UNKNOWN_CHANNEL = json("{\"message\": \"Unknown Channel\", \"code\": 10003}");
    static final List<String> METADATA = List.of("uses", "max_uses", "max_age", "temporary", "created_at");

    record Guild(String id, Snowflake owner, String general, String voice, String category) {}

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id = createGuild(owner, "{\"name\": \"Invites\"}").body().get("id").asString();
        JsonNode channels = get(owner, "/guilds/" + id + "/channels").body();
        return new Guild(id, owner, channelOfType(channels, 0), channelOfType(channels, 2), channelOfType(channels, 4));
    }

    static String channelOfType(JsonNode channels, int type) {
        return StreamSupport.stream(channels.spliterator(), false).filter(c -> c.get("type").asInt() == type)
                .findFirst().orElseThrow().get("id").asString();
    }

    Response invite(Snowflake user, String channelId, String body) {
        return call(HttpMethod.POST, "/channels/" + channelId + "/invites", userToken(user), body);
    }

    String code(Snowflake user, String channelId, String body) {
        Response response = invite(user, channelId, body);
        assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
        return response.body().get("code").asString();
    }

    Response join(Snowflake user, String code) {
        return call(HttpMethod.POST, "/invites/" + code, userToken(user), null);
    }

    Response delete(Snowflake user, String code) {
        return call(HttpMethod.DELETE, "/invites/" + code, userToken(user), null);
    }

    JsonNode awaitInviteEvent(String type, String code) {
        return events.awaitOne(e -> e.path("type").asString().equals(type) && e.path("data").path("code").asString().equals(code),
                Duration.ofSeconds(15));
    }

    /** The events of {@code type} about the guild that concern {@code user}, seen so far. */
    List<JsonNode> eventsFor(String type, String guildId, Snowflake user) {
        return eventsAbout(type, guildId).stream().filter(e -> e.path("audience").path("user_ids").toString().contains(user.asString())
                || e.path("data").path("user").path("id").asString().equals(user.asString())).toList();
    }

    void expire(String code) {
        db.sql("UPDATE invites SET expires_at = now() - interval '1 minute' WHERE code = :code").bind("code", code)
                .then().block(Duration.ofSeconds(5));
    }

    /** {@code uses} of the stored invite, or -1 when there is no such row. */
    long uses(String code) {
        return db.sql("SELECT uses FROM invites WHERE code = :code").bind("code", code)
                .map(row -> row.get("uses", Integer.class).longValue()).one().defaultIfEmpty(-1L).block(Duration.ofSeconds(5));
    }

    long memberCount(String guildId) {
        return count("SELECT member_count::bigint FROM guilds WHERE id = :id", Snowflake.parse(guildId));
    }

    boolean isMember(String guildId, Snowflake user) {
        return db.sql("SELECT 1 FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", Long.parseLong(guildId)).bind("user", user.value())
                .map(row -> true).one().defaultIfEmpty(false).block(Duration.ofSeconds(5));
    }

    void putOverwrite(Guild guild, String channelId, String targetId, int type, long allow, long deny) {
        Response response = call(HttpMethod.PUT, "/channels/" + channelId + "/permissions/" + targetId, userToken(guild.owner()),
                "{\"type\": " + type + ", \"allow\": \"" + allow + "\", \"deny\": \"" + deny + "\"}");
        assertThat(response.status()).isEqualTo(204);
    }

    @Test
    void creatingAnInviteAnswersItWithMetadataStoresItAndTellsTheChannelsManagers() {
        Guild guild = newGuild();

        Response response = invite(guild.owner(), guild.general(), "{\"max_age\": 3600, \"max_uses\": 5, \"temporary\": true}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        String code = body.get("code").asString();
        assertThat(code).matches("[A-Za-z0-9]{8,10}");
        assertThat(body.get("type").asInt()).isZero();
        assertThat(body.get("guild")).isEqualTo(json("""
                {"id": "%s", "name": "Invites", "splash": null, "banner": null, "description": null, "icon": null,
                 "features": [], "verification_level": 0, "vanity_url_code": null, "nsfw_level": 0,
                 "premium_subscription_count": 0}""".formatted(guild.id())));
        assertThat(body.get("channel")).isEqualTo(json("{\"id\": \"%s\", \"type\": 0, \"name\": \"general\"}".formatted(guild.general())));
        assertThat(body.get("inviter").get("id").asString()).isEqualTo(guild.owner().asString());
        assertThat(body.get("inviter").get("username").asString()).isEqualTo("owner" + guild.owner().value());
        assertThat(body.get("uses").asInt()).isZero();
        assertThat(body.get("max_uses").asInt()).isEqualTo(5);
        assertThat(body.get("max_age").asInt()).isEqualTo(3600);
        assertThat(body.get("temporary").asBoolean()).isTrue();
        Instant created = Instant.parse(body.get("created_at").asString());
        assertThat(created).isBetween(Instant.now().minusSeconds(60), Instant.now());
        assertThat(Duration.between(created, Instant.parse(body.get("expires_at").asString()))).isEqualTo(Duration.ofHours(1));
        assertThat(body.has("target_type")).isFalse();
        assertThat(body.has("approximate_member_count")).isFalse();

        JsonNode stored = db.sql("SELECT row_to_json(i)::text AS invite FROM invites i WHERE code = :code").bind("code", code)
                .map(row -> json(row.get("invite", String.class))).one().block(Duration.ofSeconds(5));
        assertThat(stored.get("guild_id").asLong()).isEqualTo(Long.parseLong(guild.id()));
        assertThat(stored.get("channel_id").asLong()).isEqualTo(Long.parseLong(guild.general()));
        assertThat(stored.get("inviter_id").asLong()).isEqualTo(guild.owner().value());
        assertThat(stored.get("max_uses").asInt()).isEqualTo(5);
        assertThat(stored.get("temporary").asBoolean()).isTrue();

        JsonNode event = awaitInviteEvent("INVITE_CREATE", code);
        assertThat(event.get("audience")).isEqualTo(json("""
                {"guild_id": "%s", "channel_id": "%s", "required_permission": "MANAGE_CHANNELS"}""".formatted(guild.id(), guild.general())));
        JsonNode data = event.get("data");
        assertThat(data.get("channel_id").asString()).isEqualTo(guild.general());
        assertThat(data.get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(data.get("inviter")).isEqualTo(body.get("inviter"));
        assertThat(data.get("created_at")).isEqualTo(body.get("created_at"));
        assertThat(data.get("expires_at")).isEqualTo(body.get("expires_at"));
        assertThat(data.get("max_age").asInt()).isEqualTo(3600);
        assertThat(data.get("max_uses").asInt()).isEqualTo(5);
        assertThat(data.get("temporary").asBoolean()).isTrue();
        assertThat(data.get("uses").asInt()).isZero();
        assertThat(data.has("guild")).isFalse();
        assertThat(data.has("target_type")).isFalse();
    }

    @Test
    void anEmptyBodyTakesThePlatformsDefaultsAndMaxAgeZeroNeverExpires() {
        Guild guild = newGuild();

        JsonNode defaults = invite(guild.owner(), guild.general(), "{}").body();
        JsonNode forever = invite(guild.owner(), guild.general(), "{\"max_age\": 0}").body();

        assertThat(defaults.get("max_age").asInt()).isEqualTo(86400);
        assertThat(defaults.get("max_uses").asInt()).isZero();
        assertThat(defaults.get("temporary").asBoolean()).isFalse();
        assertThat(Duration.between(Instant.parse(defaults.get("created_at").asString()),
                Instant.parse(defaults.get("expires_at").asString()))).isEqualTo(Duration.ofDays(1));
        assertThat(forever.get("max_age").asInt()).isZero();
        assertThat(forever.get("expires_at").isNull()).isTrue();
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id AND expires_at IS NULL", Snowflake.parse(guild.id())))
                .isEqualTo(1);
    }

    @Test
    void withoutUniqueTheSameSettingsFromTheSameMemberGiveTheSameLiveInvite() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        String first = code(guild.owner(), guild.general(), "{}");
        String again = code(guild.owner(), guild.general(), "{\"unique\": false}");
        String unique = code(guild.owner(), guild.general(), "{\"unique\": true}");
        String otherSettings = code(guild.owner(), guild.general(), "{\"max_uses\": 3}");
        String otherChannel = code(guild.owner(), guild.voice(), "{}");
        String otherMember = code(member, guild.general(), "{}");
        String similar = code(guild.owner(), guild.general(), "{}");
        expire(first);
        expire(unique);
        String afterExpiry = code(guild.owner(), guild.general(), "{}");

        assertThat(again).isEqualTo(first);
        assertThat(List.of(unique, otherSettings, otherChannel, otherMember, afterExpiry)).doesNotContain(first).doesNotHaveDuplicates();
        assertThat(similar).as("a unique invite has the same settings: later ones may reuse it").isIn(first, unique);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .as("the expired invites are swept when the next one is made").isEqualTo(4);
        awaitInviteEvent("INVITE_CREATE", afterExpiry);
        assertThat(eventsAbout("INVITE_CREATE", guild.id()).stream()
                .filter(e -> e.get("data").get("code").asString().equals(first))).hasSize(1);
    }

    @Test
    void invitesNeedCreateInstantInviteInAChannelTheMemberCanSee() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake bot = newUser("bot");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), member);
        addMember(guild.id(), bot);
        putOverwrite(guild, guild.general(), guild.id(), 0, 0, Permission.CREATE_INSTANT_INVITE.bit());
        String hidden = call(HttpMethod.POST, "/guilds/" + guild.id() + "/channels", userToken(guild.owner()),
                "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + guild.id() + "\", \"type\": 0, \"deny\": \"1024\"}]}")
                .body().get("id").asString();

        Response denied = invite(member, guild.general(), "{}");
        Response cannotSee = invite(member, hidden, "{}");
        Response voice = invite(member, guild.voice(), "{}");
        Response byBot = call(HttpMethod.POST, "/channels/" + guild.voice() + "/invites", botToken(bot), "{}");
        Response byOwner = invite(guild.owner(), guild.general(), "{\"unique\": true}");

        assertThat(denied.status()).isEqualTo(403);
        assertThat(denied.body()).isEqualTo(MISSING_PERMISSIONS);
        assertThat(cannotSee.status()).isEqualTo(403);
        assertThat(cannotSee.body()).isEqualTo(MISSING_ACCESS);
        assertThat(voice.status()).isEqualTo(200);
        assertThat(byBot.status()).isEqualTo(200);
        assertThat(byBot.body().get("inviter").get("id").asString()).isEqualTo(bot.asString());
        assertThat(byOwner.status()).as("the owner holds every permission whatever the overwrites").isEqualTo(200);
        assertThat(invite(stranger, guild.voice(), "{}").body()).isEqualTo(MISSING_ACCESS);
        assertThat(call(HttpMethod.POST, "/channels/" + guild.voice() + "/invites", oauthToken(member, "guilds"), "{}").body())
                .isEqualTo(MISSING_ACCESS);
        Response category = invite(guild.owner(), guild.category(), "{}");
        assertThat(category.status()).isEqualTo(404);
        assertThat(category.body()).isEqualTo(UNKNOWN_CHANNEL);
        assertThat(invite(guild.owner(), "1", "{}").body()).isEqualTo(UNKNOWN_CHANNEL);
        assertThat(call(HttpMethod.POST, "/channels/" + guild.voice() + "/invites", null, "{}").status()).isEqualTo(401);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id()))).isEqualTo(3);
    }

    @Test
    void badSettingsAreRefusedFieldByFieldAndNothingIsStored() {
        Guild guild = newGuild();
        Snowflake stranger = newUser("stranger");
        String[][] cases = {
                {guild.general(), "{\"max_age\": -1}", "max_age"},
                {guild.general(), "{\"max_age\": 604801}", "max_age"},
                {guild.general(), "{\"max_age\": \"soon\"}", "max_age"},
                {guild.general(), "{\"max_uses\": -1}", "max_uses"},
                {guild.general(), "{\"max_uses\": 101}", "max_uses"},
                {guild.general(), "{\"temporary\": \"yes\"}", "temporary"},
                {guild.voice(), "{\"target_type\": 3}", "target_type"},
                {guild.voice(), "{\"target_type\": 1}", "target_user_id"},
                {guild.voice(), "{\"target_type\": 2}", "target_application_id"},
                {guild.voice(), "{\"target_type\": 1, \"target_user_id\": \"" + stranger.asString() + "\"}", "target_user_id"},
                {guild.general(), "{\"target_type\": 2, \"target_application_id\": \"42\"}", "target_type"}};
        for (String[] c : cases) {
            Response response = invite(guild.owner(), c[0], c[1]);
            assertThat(response.status()).as(c[1]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(c[1]).isEqualTo(50035);
            assertThat(response.body().get("errors").has(c[2])).as(c[1] + " " + response.body()).isTrue();
        }
        Response tooOld = invite(guild.owner(), guild.general(), "{\"max_age\": 604801}");
        assertThat(tooOld.body().get("errors").get("max_age").get("_errors").get(0).get("code").asString()).isEqualTo("NUMBER_TYPE_MAX");
        assertThat(invite(guild.owner(), guild.general(), "not json").body().get("code").asInt()).isEqualTo(50109);
        Response noBody = invite(guild.owner(), guild.general(), null);
        assertThat(noBody.status()).as("the platform wants {} at least").isEqualTo(400);
        assertThat(noBody.body().get("code").asInt()).isEqualTo(50109);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id()))).isZero();
    }

    @Test
    void targetedInvitesNameTheStreamOrTheApplicationTheyOpen() {
        Guild guild = newGuild();
        Snowflake streamer = newUser("streamer");
        addMember(guild.id(), streamer);

        JsonNode stream = invite(guild.owner(), guild.voice(),
                "{\"target_type\": 1, \"target_user_id\": \"" + streamer.asString() + "\", \"target_application_id\": \"42\"}").body();
        JsonNode activity = invite(guild.owner(), guild.voice(), "{\"target_type\": 2, \"target_application_id\": \"42\"}").body();

        assertThat(stream.get("target_type").asInt()).isEqualTo(1);
        assertThat(stream.get("target_user").get("id").asString()).isEqualTo(streamer.asString());
        assertThat(stream.get("target_user").get("username").asString()).isEqualTo("streamer" + streamer.value());
        assertThat(stream.has("target_application")).as("only the stream's target is kept").isFalse();
        assertThat(activity.get("target_type").asInt()).isEqualTo(2);
        assertThat(activity.get("target_application")).isEqualTo(json("{\"id\": \"42\"}"));
        assertThat(activity.has("target_user")).isFalse();
        JsonNode event = awaitInviteEvent("INVITE_CREATE", stream.get("code").asString()).get("data");
        assertThat(event.get("target_type").asInt()).isEqualTo(1);
        assertThat(event.get("target_user")).isEqualTo(stream.get("target_user"));
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id AND target_application_id = 42",
                Snowflake.parse(guild.id()))).isEqualTo(1);
    }

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
        assertThat(get(member, "/channels/" + guild.voice() + "/invites").body()).isEqualTo(MISSING_PERMISSIONS);
        assertThat(get(stranger, path).body()).isEqualTo(MISSING_ACCESS);
        assertThat(get(guild.owner(), "/channels/" + guild.category() + "/invites").body()).isEqualTo(UNKNOWN_CHANNEL);
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
        assertThat(StreamSupport.stream(managers.body().spliterator(), false).map(i -> i.get("code").asString()))
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
        JsonNode created = invite(guild.owner(), guild.general(), "{\"max_age\": 600}").body();
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
        assertThat(call(HttpMethod.GET, path, oauthToken(stranger, "identify"), null).body()).isEqualTo(invite);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
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
        JsonNode event = awaitInviteEvent("INVITE_DELETE", text);
        assertThat(event.get("audience")).isEqualTo(json("""
                {"guild_id": "%s", "channel_id": "%s", "required_permission": "MANAGE_CHANNELS"}""".formatted(guild.id(), guild.general())));
        assertThat(event.get("data")).isEqualTo(json("""
                {"channel_id": "%s", "guild_id": "%s", "code": "%s"}""".formatted(guild.general(), guild.id(), text)));
        assertThat(get(member, "/invites/" + text).body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(delete(guild.owner(), text).body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(delete(guildManager, voice).status()).isEqualTo(200);
        assertThat(uses(voice)).isEqualTo(-1);
        assertThat(call(HttpMethod.DELETE, "/invites/" + voice, null, null).status()).isEqualTo(401);
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

        JsonNode create = events.awaitOne(e -> e.path("type").asString().equals("GUILD_CREATE")
                && e.path("audience").path("user_ids").toString().contains(joiner.asString()), Duration.ofSeconds(15));
        assertThat(create.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + joiner.asString() + "\"]}"));
        assertThat(create.get("data").get("id").asString()).isEqualTo(guild.id());
        assertThat(create.get("data").get("member_count").asInt()).isEqualTo(2);
        assertThat(create.get("data").get("channels")).hasSize(4);
        assertThat(create.get("data").get("members").get(0).get("user").get("id").asString()).isEqualTo(joiner.asString());
        JsonNode add = events.awaitOne(e -> e.path("type").asString().equals("GUILD_MEMBER_ADD")
                && e.path("data").path("user").path("id").asString().equals(joiner.asString()), Duration.ofSeconds(15));
        assertThat(add.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(add.get("data").get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(add.get("data").get("user").get("username").asString()).isEqualTo("joiner" + joiner.value());
        assertThat(add.get("data").get("roles").isEmpty()).isTrue();
        assertThat(add.get("data").get("joined_at").asString()).isNotEmpty();

        Snowflake later = newUser("later");
        assertThat(join(later, code).status()).isEqualTo(200);
        events.awaitOne(e -> e.path("type").asString().equals("GUILD_MEMBER_ADD")
                && e.path("data").path("user").path("id").asString().equals(later.asString()), Duration.ofSeconds(15));
        assertThat(eventsFor("GUILD_CREATE", guild.id(), joiner)).as("joining again publishes nothing").hasSize(1);
        assertThat(eventsFor("GUILD_MEMBER_ADD", guild.id(), joiner)).hasSize(1);
        assertThat(eventsFor("GUILD_MEMBER_ADD", guild.id(), guild.owner())).isEmpty();
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
        JsonNode event = awaitInviteEvent("INVITE_DELETE", code);
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
        Response byApplication = call(HttpMethod.POST, "/invites/" + code, oauthToken(application, "guilds.join"), null);
        Response full = join(collector, code);
        Response late = join(newUser("late"), expired);

        assertThat(byBot.status()).isEqualTo(403);
        assertThat(byBot.body()).isEqualTo(json("{\"message\": \"Bots cannot use this endpoint\", \"code\": 20001}"));
        assertThat(byApplication.status()).isEqualTo(403);
        assertThat(byApplication.body()).isEqualTo(MISSING_ACCESS);
        assertThat(full.status()).isEqualTo(400);
        assertThat(full.body()).isEqualTo(json("{\"message\": \"Maximum number of guilds reached (100)\", \"code\": 30001}"));
        assertThat(late.body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(join(collector, "nosuchcode").body()).isEqualTo(UNKNOWN_INVITE);
        assertThat(call(HttpMethod.POST, "/invites/" + code, null, null).status()).isEqualTo(401);
        assertThat(uses(code)).isZero();
        assertThat(memberCount(guild.id())).isEqualTo(1);
        assertThat(isMember(guild.id(), bot) || isMember(guild.id(), application) || isMember(guild.id(), collector)).isFalse();
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", collector)).isEqualTo(100);
    }
}
