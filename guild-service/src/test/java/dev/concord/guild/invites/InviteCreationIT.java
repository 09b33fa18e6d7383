package dev.concord.guild.invites;

import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Creating invites through HTTP: bodies, defaults, permissions, validation, targets, stored rows and INVITE_CREATE. */
class InviteCreationIT extends InviteApiSupport {

    @Test
    void creatingAnInviteAnswersItWithMetadataStoresItAndTellsTheChannelsManagers() {
        Guild guild = newGuild();

        Response response =
                invite(guild.owner(), guild.general(), "{\"max_age\": 3600, \"max_uses\": 5, \"temporary\": true}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        String code = body.get("code").asString();
        assertThat(code).matches("[A-Za-z0-9]{8,10}");
        assertThat(body.get("type").asInt()).isZero();
        assertThat(body.get("guild")).isEqualTo(json("""
                {"id": "%s", "name": "Invites", "splash": null, "banner": null, "description": null, "icon": null,
                 "features": [], "verification_level": 0, "vanity_url_code": null, "nsfw_level": 0, "nsfw": false,
                 "premium_subscription_count": 0}""".formatted(guild.id())));
        assertThat(body.get("channel"))
                .isEqualTo(json("{\"id\": \"%s\", \"type\": 0, \"name\": \"general\"}".formatted(guild.general())));
        assertThat(body.get("inviter").get("id").asString())
                .isEqualTo(guild.owner().asString());
        assertThat(body.get("inviter").get("username").asString())
                .isEqualTo("owner" + guild.owner().value());
        assertThat(body.get("uses").asInt()).isZero();
        assertThat(body.get("max_uses").asInt()).isEqualTo(5);
        assertThat(body.get("max_age").asInt()).isEqualTo(3600);
        assertThat(body.get("temporary").asBoolean()).isTrue();
        Instant created = Instant.parse(body.get("created_at").asString());
        assertThat(created).isBetween(Instant.now().minusSeconds(60), Instant.now());
        assertThat(Duration.between(
                        created, Instant.parse(body.get("expires_at").asString())))
                .isEqualTo(Duration.ofHours(1));
        assertThat(body.has("target_type")).isFalse();
        assertThat(body.has("approximate_member_count")).isFalse();

        JsonNode stored = db.sql("SELECT row_to_json(i)::text AS invite FROM invites i WHERE code = :code")
                .bind("code", code)
                .map(row -> json(row.get("invite", String.class)))
                .one()
                .block(Duration.ofSeconds(5));
        assertThat(stored.get("guild_id").asLong()).isEqualTo(Long.parseLong(guild.id()));
        assertThat(stored.get("channel_id").asLong()).isEqualTo(Long.parseLong(guild.general()));
        assertThat(stored.get("inviter_id").asLong()).isEqualTo(guild.owner().value());
        assertThat(stored.get("max_uses").asInt()).isEqualTo(5);
        assertThat(stored.get("temporary").asBoolean()).isTrue();

        JsonNode event = awaitInviteEvent(INVITE_CREATE, code);
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
        JsonNode forever =
                invite(guild.owner(), guild.general(), "{\"max_age\": 0}").body();

        assertThat(defaults.get("max_age").asInt()).isEqualTo(86400);
        assertThat(defaults.get("max_uses").asInt()).isZero();
        assertThat(defaults.get("temporary").asBoolean()).isFalse();
        assertThat(Duration.between(
                        Instant.parse(defaults.get("created_at").asString()),
                        Instant.parse(defaults.get("expires_at").asString())))
                .isEqualTo(Duration.ofDays(1));
        assertThat(forever.get("max_age").asInt()).isZero();
        assertThat(forever.get("expires_at").isNull()).isTrue();
        assertThat(count(
                        "SELECT count(*) FROM invites WHERE guild_id = :id AND expires_at IS NULL",
                        Snowflake.parse(guild.id())))
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
        assertThat(List.of(unique, otherSettings, otherChannel, otherMember, afterExpiry))
                .doesNotContain(first)
                .doesNotHaveDuplicates();
        assertThat(similar)
                .as("a unique invite has the same settings: later ones may reuse it")
                .isIn(first, unique);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .as("the expired invites are swept when the next one is made")
                .isEqualTo(4);
        awaitInviteEvent(INVITE_CREATE, afterExpiry);
        assertThat(eventsAbout(INVITE_CREATE, guild.id()).stream()
                        .filter(e -> e.get("data").get("code").asString().equals(first)))
                .hasSize(1);
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
        String hidden = call(
                        HttpMethod.POST,
                        "/guilds/" + guild.id() + "/channels",
                        userToken(guild.owner()),
                        "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + guild.id()
                                + "\", \"type\": 0, \"deny\": \"1024\"}]}")
                .body()
                .get("id")
                .asString();

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
        assertThat(byOwner.status())
                .as("the owner holds every permission whatever the overwrites")
                .isEqualTo(200);
        assertThat(invite(stranger, guild.voice(), "{}").body()).isEqualTo(MISSING_ACCESS);
        assertThat(call(HttpMethod.POST, "/channels/" + guild.voice() + "/invites", oauthToken(member, "guilds"), "{}")
                        .body())
                .isEqualTo(MISSING_ACCESS);
        Response category = invite(guild.owner(), guild.category(), "{}");
        assertThat(category.status()).isEqualTo(404);
        assertThat(category.body()).isEqualTo(UNKNOWN_CHANNEL);
        assertThat(invite(guild.owner(), "1", "{}").body()).isEqualTo(UNKNOWN_CHANNEL);
        assertThat(call(HttpMethod.POST, "/channels/" + guild.voice() + "/invites", null, "{}")
                        .status())
                .isEqualTo(401);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(3);
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
            {
                guild.voice(),
                "{\"target_type\": 1, \"target_user_id\": \"" + stranger.asString() + "\"}",
                "target_user_id"
            },
            {guild.general(), "{\"target_type\": 2, \"target_application_id\": \"42\"}", "target_type"}
        };
        for (String[] c : cases) {
            Response response = invite(guild.owner(), c[0], c[1]);
            assertThat(response.status()).as(c[1]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(c[1]).isEqualTo(50035);
            assertThat(response.body().get("errors").has(c[2]))
                    .as(c[1] + " " + response.body())
                    .isTrue();
        }
        Response tooOld = invite(guild.owner(), guild.general(), "{\"max_age\": 604801}");
        assertThat(tooOld.body()
                        .get("errors")
                        .get("max_age")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("NUMBER_TYPE_MAX");
        assertThat(invite(guild.owner(), guild.general(), "not json")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50109);
        Response noBody = invite(guild.owner(), guild.general(), null);
        assertThat(noBody.status()).as("the platform wants {} at least").isEqualTo(400);
        assertThat(noBody.body().get("code").asInt()).isEqualTo(50109);
        assertThat(count("SELECT count(*) FROM invites WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
    }

    @Test
    void targetedInvitesNameTheStreamOrTheApplicationTheyOpen() {
        Guild guild = newGuild();
        Snowflake streamer = newUser("streamer");
        addMember(guild.id(), streamer);

        JsonNode stream = invite(
                        guild.owner(),
                        guild.voice(),
                        "{\"target_type\": 1, \"target_user_id\": \"" + streamer.asString()
                                + "\", \"target_application_id\": \"42\"}")
                .body();
        JsonNode activity = invite(
                        guild.owner(), guild.voice(), "{\"target_type\": 2, \"target_application_id\": \"42\"}")
                .body();

        assertThat(stream.get("target_type").asInt()).isEqualTo(1);
        assertThat(stream.get("target_user").get("id").asString()).isEqualTo(streamer.asString());
        assertThat(stream.get("target_user").get("username").asString()).isEqualTo("streamer" + streamer.value());
        assertThat(stream.has("target_application"))
                .as("only the stream's target is kept")
                .isFalse();
        assertThat(activity.get("target_type").asInt()).isEqualTo(2);
        assertThat(activity.get("target_application")).isEqualTo(json("{\"id\": \"42\"}"));
        assertThat(activity.has("target_user")).isFalse();
        JsonNode event =
                awaitInviteEvent(INVITE_CREATE, stream.get("code").asString()).get("data");
        assertThat(event.get("target_type").asInt()).isEqualTo(1);
        assertThat(event.get("target_user")).isEqualTo(stream.get("target_user"));
        assertThat(count(
                        "SELECT count(*) FROM invites WHERE guild_id = :id AND target_application_id = 42",
                        Snowflake.parse(guild.id())))
                .isEqualTo(1);
    }
}
