package dev.concord.guild.members;

import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Guild members through HTTP: listing, moderation within the hierarchy, stored rows and member events. */
class MemberApiIT extends GuildApiSupport {

    record Guild(String id, Snowflake owner) {
        String members() {
            return "/guilds/" + id + "/members";
        }

        String member(Object userId) {
            return members() + "/" + userId;
        }
    }

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Members\"}").body().get("id").asString(), owner);
    }

    JsonNode awaitMemberEvent(String type, Snowflake user) {
        return awaitEvent(e -> e.path("type").asString().equals(type)
                && e.path("data").path("user").path("id").asString().equals(user.asString()));
    }

    List<JsonNode> memberEvents(String type, Snowflake user) {
        return events.all().stream()
                .filter(e -> e.path("type").asString().equals(type)
                        && e.path("data").path("user").path("id").asString().equals(user.asString()))
                .toList();
    }

    String stored(String column, Snowflake user) {
        return db.sql("SELECT " + column + "::text AS v FROM members WHERE user_id = :id")
                .bind("id", user.value())
                .map(row -> String.valueOf(row.get("v", String.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    @Test
    void membersAreListedInUserIdOrderPageByPage() {
        Guild guild = newGuild();
        Snowflake a = newUser("a");
        Snowflake b = newUser("b");
        Snowflake c = newUser("c");
        for (Snowflake user : List.of(a, b, c)) {
            addMember(guild.id(), user);
        }

        Response first = get(a, guild.members() + "?limit=2");
        Response next = get(a, guild.members() + "?limit=2&after=" + b.asString());
        Response single = get(a, guild.members());

        assertThat(ids(first.body())).containsExactly(guild.owner().asString(), a.asString());
        assertThat(ids(next.body())).containsExactly(c.asString());
        assertThat(ids(single.body()))
                .as("the platform's default limit is 1")
                .containsExactly(guild.owner().asString());
        JsonNode member = first.body().get(1);
        assertThat(member.get("user").get("username").asString()).isEqualTo("a" + a.value());
        assertThat(member.get("roles").isEmpty()).isTrue();
        assertThat(member.has("joined_at")).isTrue();
        for (String bad : List.of("?limit=0", "?limit=1001", "?limit=many", "?after=x")) {
            Response refused = get(a, guild.members() + bad);
            assertThat(refused.status()).as(bad).isEqualTo(400);
            assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
        }
        assertThat(get(newUser("stranger"), guild.members()).status()).isEqualTo(403);
        assertThat(call(HttpMethod.GET, guild.members(), null, null).status()).isEqualTo(401);
    }

    @Test
    void oneMemberIsReadByIdOrAsMe() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        assertThat(get(guild.owner(), guild.member(member))
                        .body()
                        .get("user")
                        .get("id")
                        .asString())
                .isEqualTo(member.asString());
        assertThat(get(member, guild.member("@me")).body().get("user").get("id").asString())
                .isEqualTo(member.asString());
        assertThat(get(member, guild.member(42)).body())
                .isEqualTo(json("{\"message\": \"Unknown Member\", \"code\": 10007}"));
        assertThat(get(member, guild.member("someone")).body().get("errors").has("user_id"))
                .isTrue();
    }

    @Test
    void aPersonAndAnApplicationWithGuildsMembersReadReadTheirOwnMember() {
        Guild guild = newGuild();
        Snowflake member = newUser("self");
        addMember(guild.id(), member);
        String path = "/users/@me/guilds/" + guild.id() + "/member";

        Response asPerson = get(member, path);
        Response asApplication = call(HttpMethod.GET, path, oauthToken(member, "guilds.members.read"), null);

        assertThat(asPerson.status()).isEqualTo(200);
        assertThat(asPerson.body().get("user").get("id").asString()).isEqualTo(member.asString());
        assertThat(asApplication.status()).isEqualTo(200);
        assertThat(asApplication.body()).isEqualTo(asPerson.body());
        assertThat(call(HttpMethod.GET, path, oauthToken(member, "guilds"), null)
                        .status())
                .isEqualTo(403);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
        assertThat(get(newUser("stranger"), path).status()).isIn(403, 404);
    }

    @Test
    void nicknamesNeedTheirPermissionAndAHigherRoleForOthers() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake renamer = newUser("renamer");
        addMember(guild.id(), member);
        long renamers = addRole(guild.id(), 1, Permission.MANAGE_NICKNAMES.bit());
        long senior = addRole(guild.id(), 2, 0);
        addMember(guild.id(), renamer, renamers);

        Response byOwner = as(guild.owner(), HttpMethod.PATCH, guild.member(member), "{\"nick\": \"Mem\"}");
        Response byThemselves = as(member, HttpMethod.PATCH, guild.member("@me"), "{\"nick\": \"Me\"}");
        Response byPeer = as(member, HttpMethod.PATCH, guild.member(renamer), "{\"nick\": \"You\"}");

        assertThat(byOwner.status()).isEqualTo(200);
        assertThat(byOwner.body().get("nick").asString()).isEqualTo("Mem");
        JsonNode event = awaitMemberEvent(GUILD_MEMBER_UPDATE, member);
        assertThat(event.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("data").get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(event.get("data").get("nick").asString()).isEqualTo("Mem");
        assertThat(byThemselves.body().get("nick").asString()).isEqualTo("Me");
        assertThat(byPeer.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(as(renamer, HttpMethod.PATCH, guild.member(member), "{\"nick\": \"Renamed\"}")
                        .status())
                .isEqualTo(200);
        assertThat(stored("nick", member)).isEqualTo("Renamed");
        db.sql("UPDATE members SET role_ids = ARRAY[:role]::bigint[] WHERE user_id = :id")
                .bind("role", senior)
                .bind("id", member.value())
                .then()
                .block(Duration.ofSeconds(5));
        assertThat(as(renamer, HttpMethod.PATCH, guild.member(member), "{\"nick\": \"Again\"}")
                        .status())
                .as("the member now ranks above the renamer")
                .isEqualTo(403);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.member(member), "{\"nick\": \"\"}")
                        .body()
                        .has("nick"))
                .isTrue();
        assertThat(stored("nick", member)).isEqualTo("null");
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.member(member), "{\"nick\": \"" + "n".repeat(33) + "\"}")
                        .body()
                        .get("errors")
                        .has("nick"))
                .isTrue();
        assertThat(call(HttpMethod.PATCH, guild.member(member), null, "{}").status())
                .isEqualTo(401);
    }

    @Test
    void rolesAreReplacedOnlyWithinTheHierarchy() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake manager = newUser("manager");
        long low = addRole(guild.id(), 1, 0);
        long managers = addRole(guild.id(), 2, Permission.MANAGE_ROLES.bit());
        long high = addRole(guild.id(), 3, 0);
        addMember(guild.id(), member);
        addMember(guild.id(), manager, managers);
        long managed = addRole(guild.id(), 1, 0);
        db.sql("UPDATE roles SET managed = true WHERE id = :id")
                .bind("id", managed)
                .then()
                .block(Duration.ofSeconds(5));

        Response given =
                as(manager, HttpMethod.PATCH, guild.member(member), "{\"roles\": [\"" + low + "\", \"" + low + "\"]}");
        Response tooHigh = as(manager, HttpMethod.PATCH, guild.member(member), "{\"roles\": [\"" + high + "\"]}");
        Response unknown = as(guild.owner(), HttpMethod.PATCH, guild.member(member), "{\"roles\": [\"42\"]}");
        Response managedRole =
                as(guild.owner(), HttpMethod.PATCH, guild.member(member), "{\"roles\": [\"" + managed + "\"]}");

        assertThat(given.status()).isEqualTo(200);
        assertThat(given.body().get("roles")).isEqualTo(json("[\"" + low + "\"]"));
        assertThat(stored("role_ids", member)).isEqualTo("{" + low + "}");
        assertThat(awaitMemberEvent(GUILD_MEMBER_UPDATE, member).get("data").get("roles"))
                .isEqualTo(given.body().get("roles"));
        assertThat(tooHigh.status()).isEqualTo(403);
        assertThat(unknown.body().get("errors").get("roles").has("0")).isTrue();
        assertThat(managedRole.body()).isEqualTo(json("{\"message\": \"Invalid Role\", \"code\": 50028}"));
        assertThat(stored("role_ids", member)).isEqualTo("{" + low + "}");
    }

    @Test
    void timeoutsNeedModerateMembersLastAtMost28DaysAndSpareAdministrators() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake moderator = newUser("moderator");
        Snowflake admin = newUser("admin");
        addMember(guild.id(), member);
        addMember(guild.id(), moderator, addRole(guild.id(), 5, Permission.MODERATE_MEMBERS.bit()));
        addMember(guild.id(), admin, addRole(guild.id(), 1, Permission.ADMINISTRATOR.bit()));
        Instant until = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

        Response timedOut = as(
                moderator,
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \"" + until + "\"}");
        Response tooLong = as(
                moderator,
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \"" + Instant.now().plus(29, ChronoUnit.DAYS) + "\"}");
        Response administrator = as(
                moderator,
                HttpMethod.PATCH,
                guild.member(admin),
                "{\"communication_disabled_until\": \"" + until + "\"}");
        Response owner = as(
                moderator,
                HttpMethod.PATCH,
                guild.member(guild.owner()),
                "{\"communication_disabled_until\": \"" + until + "\"}");
        Response byMember = as(
                member,
                HttpMethod.PATCH,
                guild.member(moderator),
                "{\"communication_disabled_until\": \"" + until + "\"}");

        assertThat(timedOut.status()).isEqualTo(200);
        assertThat(Instant.parse(
                        timedOut.body().get("communication_disabled_until").asString()))
                .isEqualTo(until);
        assertThat(tooLong.body().get("errors").has("communication_disabled_until"))
                .isTrue();
        assertThat(administrator.status()).isEqualTo(403);
        assertThat(owner.status()).isEqualTo(403);
        assertThat(byMember.status()).isEqualTo(403);
        assertThat(as(member, HttpMethod.PATCH, guild.member("@me"), "{\"nick\": \"quiet\"}")
                        .status())
                .as("a timed-out member keeps no permission but viewing")
                .isEqualTo(403);
        Response ended =
                as(moderator, HttpMethod.PATCH, guild.member(member), "{\"communication_disabled_until\": null}");
        assertThat(ended.body().get("communication_disabled_until").isNull()).isTrue();
        assertThat(stored("communication_disabled_until", member)).isEqualTo("null");
    }

    /**
     * The platform's documentation bounds a timeout only from above ("up to 28 days in the future",
     * null removes it) and says nothing of a time already past; its clients send one as a way to end a
     * timeout (nyxx's member builder defaults to the epoch), and a timeout that has run out is no
     * timeout. So a past time is taken as null, not refused: it ends a running timeout, and on a member
     * with none it changes nothing and tells no one.
     */
    @Test
    void aTimeoutPastTheLimitChangesNothingAndOneInThePastEndsIt() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        Instant until = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \"" + until + "\"}");
        awaitMemberEvent(GUILD_MEMBER_UPDATE, member);
        String timedOut = stored("communication_disabled_until", member);

        Response tooLong = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \""
                        + Instant.now().plus(28, ChronoUnit.DAYS).plus(1, ChronoUnit.MINUTES) + "\"}");

        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.body().get("code").asInt()).isEqualTo(50035);
        assertThat(tooLong.body()
                        .get("errors")
                        .get("communication_disabled_until")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("COMMUNICATION_DISABLED_TOO_LONG");
        assertThat(stored("communication_disabled_until", member)).isEqualTo(timedOut);

        Response past = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \"" + Instant.now().minus(1, ChronoUnit.DAYS) + "\"}");

        assertThat(past.status()).isEqualTo(200);
        assertThat(past.body().get("communication_disabled_until").isNull()).isTrue();
        assertThat(stored("communication_disabled_until", member)).isEqualTo("null");
        Response pastAgain = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"communication_disabled_until\": \"1970-01-01T00:00:00Z\"}");
        assertThat(pastAgain.status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> memberEvents(GUILD_MEMBER_UPDATE, member).size() >= 2);
        assertThat(memberEvents(GUILD_MEMBER_UPDATE, member))
                .as("one for the timeout, one for its end: neither the refused nor the empty edit tells anyone")
                .hasSize(2);
        assertThat(memberEvents(GUILD_MEMBER_UPDATE, member)
                        .get(1)
                        .path("data")
                        .path("communication_disabled_until")
                        .isNull())
                .isTrue();
    }

    @Test
    void muteDeafAndFlagsNeedTheirPermissionsAndAnEmptyEditPublishesNothing() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        assertThat(as(member, HttpMethod.PATCH, guild.member("@me"), "{\"mute\": true}")
                        .status())
                .isEqualTo(403);
        assertThat(as(member, HttpMethod.PATCH, guild.member("@me"), "{\"flags\": 4}")
                        .status())
                .isEqualTo(403);
        Response edited = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"mute\": true, \"deaf\": true, \"flags\": 4}");
        Response again = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.member(member),
                "{\"mute\": true, \"deaf\": true, \"flags\": 5}");

        assertThat(edited.body().get("mute").asBoolean()).isTrue();
        assertThat(edited.body().get("deaf").asBoolean()).isTrue();
        assertThat(edited.body().get("flags").asInt()).isEqualTo(4);
        assertThat(again.body().get("flags").asInt())
                .as("only BYPASSES_VERIFICATION is set by moderators")
                .isEqualTo(4);
        assertThat(stored("flags", member)).isEqualTo("4");
        awaitMemberEvent(GUILD_MEMBER_UPDATE, member);
        assertThat(memberEvents(GUILD_MEMBER_UPDATE, member)).hasSize(1);
        for (String bad : List.of(
                "{\"flags\": 4096}",
                "{\"mute\": null}",
                "{\"roles\": null}",
                "{\"roles\": [null]}",
                "{\"communication_disabled_until\": \"soon\"}")) {
            assertThat(as(guild.owner(), HttpMethod.PATCH, guild.member(member), bad)
                            .status())
                    .as(bad)
                    .isEqualTo(400);
        }
    }

    @Test
    void kickingRemovesTheMemberAndTellsTheGuildAndThem() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake kicker = newUser("kicker");
        addMember(guild.id(), member);
        addMember(guild.id(), kicker, addRole(guild.id(), 1, Permission.KICK_MEMBERS.bit()));

        assertThat(as(member, HttpMethod.DELETE, guild.member(kicker), null).status())
                .isEqualTo(403);
        assertThat(as(kicker, HttpMethod.DELETE, guild.member(guild.owner()), null)
                        .status())
                .isEqualTo(403);
        Response kicked = as(kicker, HttpMethod.DELETE, guild.member(member), null);

        assertThat(kicked.status()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", member))
                .isZero();
        assertThat(count("SELECT member_count FROM guilds WHERE id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(2);
        assertThat(awaitMemberEvent(GUILD_MEMBER_REMOVE, member)
                        .get("data")
                        .get("guild_id")
                        .asString())
                .isEqualTo(guild.id());
        JsonNode gone = events.awaitOne(
                e -> e.path("type").asString().equals(GUILD_DELETE)
                        && e.path("audience")
                                .path("user_ids")
                                .path(0)
                                .asString()
                                .equals(member.asString()),
                Duration.ofSeconds(15));
        assertThat(gone.get("data")).isEqualTo(json("{\"id\": \"" + guild.id() + "\"}"));
        assertThat(as(kicker, HttpMethod.DELETE, guild.member(member), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10007);
        assertThat(call(HttpMethod.DELETE, guild.member(member), null, null).status())
                .isEqualTo(401);
    }

    @Test
    void singleRolesAreGivenAndTakenWithinTheHierarchy() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake manager = newUser("manager");
        long low = addRole(guild.id(), 1, 0);
        long managers = addRole(guild.id(), 2, Permission.MANAGE_ROLES.bit());
        addMember(guild.id(), member);
        addMember(guild.id(), manager, managers);
        String path = guild.member(member) + "/roles/" + low;

        assertThat(as(member, HttpMethod.PUT, path, null).status()).isEqualTo(403);
        assertThat(as(manager, HttpMethod.PUT, guild.member(member) + "/roles/" + managers, null)
                        .status())
                .isEqualTo(403);
        assertThat(as(manager, HttpMethod.PUT, path, null).status()).isEqualTo(204);
        assertThat(as(manager, HttpMethod.PUT, path, null).status()).isEqualTo(204);
        assertThat(stored("role_ids", member)).isEqualTo("{" + low + "}");
        awaitMemberEvent(GUILD_MEMBER_UPDATE, member);
        assertThat(memberEvents(GUILD_MEMBER_UPDATE, member))
                .as("giving a role twice changes nothing")
                .hasSize(1);
        assertThat(as(manager, HttpMethod.DELETE, path, null).status()).isEqualTo(204);
        assertThat(stored("role_ids", member)).isEqualTo("{}");
        assertThat(as(manager, HttpMethod.PUT, guild.member(member) + "/roles/42", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10011);
        assertThat(as(manager, HttpMethod.PUT, guild.member(42) + "/roles/" + low, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10007);
        assertThat(as(guild.owner(), HttpMethod.PUT, guild.member(member) + "/roles/" + guild.id(), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50028);
        assertThat(call(HttpMethod.PUT, path, null, null).status()).isEqualTo(401);
    }

    private static List<String> ids(JsonNode members) {
        return StreamSupport.stream(members.spliterator(), false)
                .map(m -> m.get("user").get("id").asString())
                .toList();
    }
}
