package dev.concord.guild.internal;

import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.guilds.AuthorizationSnapshot;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.Membership;
import dev.concord.platform.guilds.PermissionInputs;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.JsonNode;

/**
 * The snapshot and membership routes give a caller what it needs to compute, with the platform's engine,
 * exactly what the permissions route answers: roles, overwrites, the owner, administrators, timeouts.
 */
class AuthorizationSnapshotIT extends GuildApiSupport {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    GuildAuthorization client() {
        return new GuildAuthorization(
                WebClient.builder().baseUrl("http://127.0.0.1:" + port).build(),
                TestTokenKeys.internalSecret(),
                Duration.ofMinutes(5),
                10_000,
                Duration.ofSeconds(5));
    }

    @Test
    void permissionsComputedFromTheSnapshotAreTheOnesGuildServiceAnswers() {
        Snowflake owner = newUser("owner");
        String guildId =
                createGuild(owner, "{\"name\": \"Snapshot\"}").body().get("id").asString();
        Snowflake guild = Snowflake.parse(guildId);
        long kick = addRole(guildId, 1, Permission.KICK_MEMBERS.bit());
        long staff = addRole(guildId, 2, Permission.VIEW_CHANNEL.bit() | Permission.MANAGE_CHANNELS.bit());
        long admin = addRole(guildId, 3, Permission.ADMINISTRATOR.bit());
        Snowflake plain = newUser("plain");
        Snowflake kicker = newUser("kicker");
        Snowflake staffer = newUser("staffer");
        Snowflake administrator = newUser("admin");
        Snowflake allowed = newUser("allowed");
        Snowflake timedOut = newUser("timedout");
        addMember(guildId, plain);
        addMember(guildId, kicker, kick);
        addMember(guildId, staffer, staff, kick);
        addMember(guildId, administrator, admin);
        addMember(guildId, allowed);
        addMember(guildId, timedOut, staff);
        db.sql("UPDATE members SET communication_disabled_until = now() + interval '1 hour' WHERE user_id = :id")
                .bind("id", timedOut.value())
                .then()
                .block(WAIT);
        String hidden = channel(
                owner,
                guildId,
                "[{\"id\": \"" + guildId + "\", \"type\": 0, \"deny\": \"3072\"},"
                        + "{\"id\": \"" + staff + "\", \"type\": 0, \"allow\": \"1024\"},"
                        + "{\"id\": \"" + allowed + "\", \"type\": 1, \"allow\": \"1024\", \"deny\": \"2048\"},"
                        + "{\"id\": \"" + staffer + "\", \"type\": 1, \"allow\": \"2048\"}]");
        String muted = channel(owner, guildId, "[{\"id\": \"" + kick + "\", \"type\": 0, \"deny\": \"2048\"}]");
        List<Snowflake> everyone = List.of(owner, plain, kicker, staffer, administrator, allowed, timedOut);
        GuildAuthorization authorization = client();

        AuthorizationSnapshot snapshot =
                authorization.authorizationSnapshot(guild).block(WAIT);
        List<Membership> memberships = authorization.memberships(everyone).block(WAIT);

        assertThat(snapshot.ownerId()).isEqualTo(owner.value());
        assertThat(snapshot.channels()).containsKeys(Long.parseLong(hidden), Long.parseLong(muted));
        Map<Long, GuildMember> members = new HashMap<>();
        memberships.stream()
                .filter(membership -> membership.guildId().equals(guild))
                .forEach(membership -> members.put(membership.member().userId(), membership.member()));
        assertThat(members).hasSize(everyone.size());
        GuildPermissions table = new GuildPermissions(guild.value(), snapshot.ownerId(), snapshot.roles());
        Instant now = Instant.now();
        List<Optional<Snowflake>> places = new ArrayList<>();
        places.add(Optional.empty());
        snapshot.channels().keySet().forEach(id -> places.add(Optional.of(Snowflake.of(id))));
        for (Optional<Snowflake> place : places) {
            Map<Snowflake, Long> remote = authorization
                    .permissions(guild, place.orElse(null), everyone)
                    .block(WAIT);
            Map<Snowflake, Long> local = new HashMap<>();
            members.forEach((userId, member) -> local.put(
                    Snowflake.of(userId),
                    place.isEmpty()
                            ? table.base(member, now)
                            : table.inChannel(
                                    member, snapshot.channels().get(place.get().value()), now)));
            assertThat(local).as("in %s", place).isEqualTo(remote);
        }
        assertThat(authorization
                        .permissions(guild, Snowflake.parse(hidden), plain)
                        .block(WAIT))
                .as("the case is not vacuous: a hidden channel")
                .isZero();
    }

    @Test
    void membershipsListEveryGuildOfEachUserWithTheirRolesAndTimeout() {
        Snowflake owner = newUser("owner");
        String first =
                createGuild(owner, "{\"name\": \"First\"}").body().get("id").asString();
        // Another owner: guild creation is rate limited per user.
        String second = createGuild(newUser("owner"), "{\"name\": \"Second\"}")
                .body()
                .get("id")
                .asString();
        long role = addRole(second, 1, 0);
        Snowflake member = newUser("member");
        addMember(first, member);
        addMember(second, member, role);

        JsonNode answer = call(
                        HttpMethod.POST,
                        "/internal/users/memberships",
                        INTERNAL,
                        "{\"user_ids\": [\"" + member + "\", \"" + newUser("nobody") + "\"]}")
                .body();

        assertThat(answer)
                .isEqualTo(json("{\"members\": ["
                        + "{\"user_id\": \"" + member + "\", \"guild_id\": \"" + first
                        + "\", \"roles\": [], \"communication_disabled_until\": null, \"guild_dms_paused\": false},"
                        + "{\"user_id\": \"" + member + "\", \"guild_id\": \"" + second + "\", \"roles\": [\"" + role
                        + "\"], \"communication_disabled_until\": null, \"guild_dms_paused\": false}]}"));
    }

    @Test
    void anUnknownGuildIsNotFoundAndBadBodiesAreNamed() {
        assertThat(call(HttpMethod.GET, "/internal/guilds/42/authorization-snapshot", INTERNAL, null)
                        .body())
                .isEqualTo(json("{\"message\": \"Unknown Guild\", \"code\": 10004}"));
        assertThat(call(HttpMethod.GET, "/internal/guilds/42/authorization-snapshot", null, null)
                        .status())
                .isEqualTo(401);
        JsonNode empty = call(HttpMethod.POST, "/internal/users/memberships", INTERNAL, "{\"user_ids\": []}")
                .body();
        assertThat(empty.get("code").asInt()).isEqualTo(50035);
        assertThat(empty.get("errors").has("user_ids")).isTrue();
        assertThat(call(HttpMethod.POST, "/internal/users/memberships", INTERNAL, "{}")
                        .body()
                        .get("errors")
                        .has("user_ids"))
                .isTrue();
    }

    @Test
    void guildServicesEventsCarryTheNewStateAsTheSnapshotThenHoldsIt() {
        Snowflake owner = newUser("owner");
        String guildId =
                createGuild(owner, "{\"name\": \"Events\"}").body().get("id").asString();
        Snowflake guild = Snowflake.parse(guildId);
        Snowflake member = newUser("member");
        addMember(guildId, member);
        String channelId = channel(owner, guildId, "[]");

        String roleId = call(
                        HttpMethod.POST,
                        "/guilds/" + guildId + "/roles",
                        userToken(owner),
                        "{\"permissions\": \"2\", \"mentionable\": true}")
                .body()
                .get("id")
                .asString();
        call(HttpMethod.PUT, "/guilds/" + guildId + "/members/" + member + "/roles/" + roleId, userToken(owner), null);
        call(
                HttpMethod.PUT,
                "/channels/" + channelId + "/permissions/" + roleId,
                userToken(owner),
                "{\"type\": 0, \"allow\": \"1024\", \"deny\": \"2048\"}");
        GuildRole created = PermissionInputs.role(
                awaitEvent(GUILD_ROLE_CREATE, guildId).path("data").path("role"));
        GuildMember updated =
                PermissionInputs.member(awaitEvent(GUILD_MEMBER_UPDATE, guildId).path("data"));
        List<Overwrite> overwrites =
                PermissionInputs.overwrites(awaitEvent(CHANNEL_UPDATE, guildId).path("data"));
        GuildAuthorization authorization = client();
        AuthorizationSnapshot snapshot =
                authorization.authorizationSnapshot(guild).block(WAIT);
        List<Membership> memberships =
                authorization.memberships(List.of(member)).block(WAIT);

        assertThat(snapshot.roles()).contains(created);
        assertThat(snapshot.mentionableRoleIds())
                .as("the new role, which anyone may mention, and not @everyone's")
                .containsExactly(Long.parseLong(roleId));
        assertThat(memberships).contains(new Membership(guild, updated));

        assertThat(call(
                                HttpMethod.PUT,
                                "/guilds/" + guildId + "/incident-actions",
                                userToken(owner),
                                "{\"dms_disabled_until\": \"" + Instant.now().plusSeconds(3600) + "\"}")
                        .status())
                .isEqualTo(200);
        assertThat(authorization.memberships(List.of(member)).block(WAIT))
                .as("an incident action paused the guild's DMs")
                .contains(new Membership(guild, updated, true));
        assertThat(snapshot.channels()).containsEntry(Long.parseLong(channelId), overwrites);
        assertThat(overwrites).isNotEmpty();
    }

    private String channel(Snowflake owner, String guildId, String overwrites) {
        return call(
                        HttpMethod.POST,
                        "/guilds/" + guildId + "/channels",
                        userToken(owner),
                        "{\"name\": \"c\", \"permission_overwrites\": " + overwrites + "}")
                .body()
                .get("id")
                .asString();
    }
}
