package dev.concord.guild.members;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A guild's USER_PROFILE rule on members' names: a user whose name it flags joins quarantined (member flag
 * 128, AUTO_MODERATION_ACTION_EXECUTION to the managers), a flagged nickname is refused naming {@code nick},
 * and a quarantined member whose names all pass again is released.
 */
class ProfileModerationIT extends GuildApiSupport {

    private record Guild(String id, Snowflake owner, String channel, String invite, String rule) {}

    @Test
    void aFlaggedNameJoinsQuarantinedAndAManagerSeesTheExecution() {
        Guild guild = moderatedGuild();
        Snowflake spammer = newUser("spammer");

        assertThat(as(spammer, HttpMethod.POST, "/invites/" + guild.invite(), null)
                        .status())
                .isEqualTo(200);

        assertThat(flags(guild, spammer)).isEqualTo(128);
        JsonNode added = awaitEvent(event -> event.path("type").asString().equals("GUILD_MEMBER_ADD")
                && event.path("data").path("user").path("id").asString().equals(spammer.asString()));
        assertThat(added.path("data").path("flags").asInt()).isEqualTo(128);
        JsonNode execution = awaitEvent("AUTO_MODERATION_ACTION_EXECUTION", guild.id());
        assertThat(execution.get("data")).isEqualTo(json("""
                {"guild_id": "%s", "action": {"type": 4, "metadata": {}}, "rule_id": "%s", "rule_trigger_type": 6,
                 "user_id": "%s", "content": "%s", "matched_keyword": "spammer*", "matched_content": "%s"}""".formatted(
                        guild.id(),
                        guild.rule(),
                        spammer.asString(),
                        "spammer" + spammer.value(),
                        "spammer" + spammer.value())));
        assertThat(execution.get("audience").path("required_permission").asString())
                .isEqualTo("MANAGE_GUILD");
        assertThat(as(spammer, HttpMethod.POST, "/channels/" + guild.channel() + "/invites", "{}")
                        .status())
                .as("quarantined: like a timed-out member, they only read")
                .isEqualTo(403);

        Snowflake alice = newUser("alice");
        assertThat(as(alice, HttpMethod.POST, "/invites/" + guild.invite(), null)
                        .status())
                .isEqualTo(200);
        assertThat(flags(guild, alice)).as("a name the rule leaves alone").isZero();
    }

    @Test
    void aRuleThatAlertsNamesItsAlertAndAsksForItToBePosted() {
        Guild guild = moderatedGuild(true, true);
        Snowflake spammer = newUser("spammer");

        assertThat(as(spammer, HttpMethod.POST, "/invites/" + guild.invite(), null)
                        .status())
                .isEqualTo(200);

        JsonNode execution =
                awaitEvent(event -> event.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                        && event.at("/data/action/type").asInt() == 2
                        && event.at("/data/user_id").asString().equals(spammer.asString()));
        String alertId = execution.at("/data/alert_system_message_id").asString();
        assertThat(alertId).isNotEmpty();
        assertThat(execution.at("/data/action/metadata/channel_id").asString()).isEqualTo(guild.channel());
        JsonNode alert = awaitEvent("AUTO_MODERATION_PROFILE_ALERT", guild.id());
        String name = "spammer" + spammer.value();
        assertThat(alert.get("data")).isEqualTo(json("""
                {"guild_id": "%s", "channel_id": "%s", "message_id": "%s", "user_id": "%s", "rule_id": "%s",
                 "rule_name": "Names", "content": "%s", "keyword": "spammer*", "keyword_matched_content": "%s",
                 "decision_outcome": "flagged", "quarantine_user": "username",
                 "quarantine_user_action": "quarantine_user", "quarantine_event": "guild_join"}""".formatted(
                        guild.id(), guild.channel(), alertId, spammer.asString(), guild.rule(), name, name)));
        assertThat(alert.get("audience").path("user_ids").size())
                .as("for webhook-service, which posts it; no session hears it")
                .isZero();

        Snowflake alice = newUser("alice");
        as(alice, HttpMethod.POST, "/invites/" + guild.invite(), null);
        Response refused =
                as(alice, HttpMethod.PATCH, "/guilds/" + guild.id() + "/members/@me", "{\"nick\": \"SpammerKing\"}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(nick(guild, alice)).as("refused: nothing changed").isEmpty();
        JsonNode blocked = awaitEvent(event -> event.path("type").asString().equals("AUTO_MODERATION_PROFILE_ALERT")
                        && event.at("/data/user_id").asString().equals(alice.asString()))
                .get("data");
        assertThat(blocked.get("content").asString()).isEqualTo("SpammerKing");
        assertThat(blocked.get("decision_outcome").asString()).isEqualTo("blocked");
        assertThat(blocked.get("quarantine_user").asString()).isEqualTo("nickname");
        assertThat(blocked.get("quarantine_user_action").asString()).isEqualTo("block_profile_update");
        assertThat(blocked.get("block_profile_update_type").asString()).isEqualTo("nickname_update");
        assertThat(blocked.has("quarantine_event")).isFalse();
    }

    @Test
    void aFlaggedNicknameIsRefusedAndNothingChangesButManagersAreLeftAlone() {
        Guild guild = moderatedGuild();
        Snowflake alice = newUser("alice");
        as(alice, HttpMethod.POST, "/invites/" + guild.invite(), null);
        String self = "/guilds/" + guild.id() + "/members/@me";

        Response refused = as(alice, HttpMethod.PATCH, self, "{\"nick\": \"SpammerKing\"}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("""
                {"message": "Invalid Form Body", "code": 50035, "errors": {"nick": {"_errors": [
                 {"code": "AUTO_MODERATION_USER_PROFILES_INVALID_NICK",
                  "message": "Nickname contains words blocked by this server's AutoMod."}]}}}"""));
        assertThat(nick(guild, alice)).isEmpty();
        assertThat(as(alice, HttpMethod.PATCH, self, "{\"nick\": \"Alice\"}").status())
                .isEqualTo(200);
        assertThat(nick(guild, alice)).isEqualTo("Alice");

        assertThat(as(guild.owner(), HttpMethod.PATCH, self, "{\"nick\": \"spammer of the house\"}")
                        .status())
                .as("the owner, like every manager, is exempt")
                .isEqualTo(200);
    }

    @Test
    void aQuarantinedMemberWhoseNamesPassAgainIsReleased() {
        Guild guild = moderatedGuild();
        Snowflake spammer = newUser("spammer");
        as(spammer, HttpMethod.POST, "/invites/" + guild.invite(), null);
        assertThat(flags(guild, spammer)).isEqualTo(128);
        String self = "/guilds/" + guild.id() + "/members/@me";

        Response stillFlagged = as(spammer, HttpMethod.PATCH, self, "{\"nick\": \"Fine\"}");
        assertThat(stillFlagged.status()).isEqualTo(200);
        assertThat(flags(guild, spammer))
                .as("the username still triggers the rule")
                .isEqualTo(128);

        assertThat(as(
                                guild.owner(),
                                HttpMethod.PATCH,
                                "/guilds/" + guild.id() + "/auto-moderation/rules/" + guild.rule(),
                                "{\"trigger_metadata\": {\"keyword_filter\": [\"scam*\"]}}")
                        .status())
                .isEqualTo(200);
        Response released = as(spammer, HttpMethod.PATCH, self, "{\"nick\": \"Finer\"}");

        assertThat(released.status()).isEqualTo(200);
        assertThat(released.body().path("flags").asInt()).isZero();
        assertThat(flags(guild, spammer)).isZero();
    }

    @Test
    void aNewUsernameIsJudgedInEveryGuildWithARule() {
        Guild guild = moderatedGuild();
        Snowflake bob = newUser("bob");
        as(bob, HttpMethod.POST, "/invites/" + guild.invite(), null);
        assertThat(flags(guild, bob)).isZero();

        renamed(bob, "spammer_bob");

        JsonNode quarantined = awaitEvent(event -> isMemberUpdate(event, bob, 128));
        assertThat(quarantined.at("/data/guild_id").asString()).isEqualTo(guild.id());
        assertThat(flags(guild, bob)).isEqualTo(128);
        JsonNode execution =
                awaitEvent(event -> event.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                        && event.at("/data/user_id").asString().equals(bob.asString()));
        assertThat(execution.at("/data/content").asString()).isEqualTo("spammer_bob");

        renamed(bob, "bob_again");

        awaitEvent(event -> isMemberUpdate(event, bob, 0));
        assertThat(flags(guild, bob)).as("released: every name passes").isZero();
    }

    /** identity.events' USER_NAMES_UPDATE for {@code user}'s new username (no display name). */
    private void renamed(Snowflake user, String username) {
        Map<String, Object> names = new HashMap<>();
        names.put("id", user.asString());
        names.put("username", username);
        names.put("global_name", null);
        publish("identity.events", user.asString(), "USER_NAMES_UPDATE", Map.of("user_ids", List.of()), names);
    }

    @Test
    void aRuleThatOnlyAlertsAlertsOnEachFlaggedUsernameAndQuarantinesNobody() {
        Guild guild = moderatedGuild(false, true);
        Snowflake bob = newUser("bob");
        as(bob, HttpMethod.POST, "/invites/" + guild.invite(), null);

        renamed(bob, "spammer_bob");

        JsonNode alert =
                awaitEvent(event -> isAlertFor(event, bob, "spammer_bob")).get("data");
        assertThat(alert.get("decision_outcome").asString()).isEqualTo("flagged");
        assertThat(alert.get("quarantine_user").asString()).isEqualTo("username");
        assertThat(alert.get("quarantine_event").asString()).isEqualTo("username_update");
        assertThat(alert.has("quarantine_user_action"))
                .as("the rule does not quarantine")
                .isFalse();
        JsonNode execution =
                awaitEvent(event -> event.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                        && event.at("/data/alert_system_message_id")
                                .asString()
                                .equals(alert.get("message_id").asString()));
        assertThat(execution.at("/data/action/type").asInt()).isEqualTo(2);
        assertThat(execution.at("/data/content").asString()).isEqualTo("spammer_bob");
        assertThat(flags(guild, bob)).as("alerted, not quarantined").isZero();

        renamed(bob, "spammer_bobby");

        JsonNode again =
                awaitEvent(event -> isAlertFor(event, bob, "spammer_bobby")).get("data");
        assertThat(again.get("message_id").asString())
                .isNotEqualTo(alert.get("message_id").asString());
        assertThat(flags(guild, bob)).isZero();
    }

    private static boolean isAlertFor(JsonNode event, Snowflake user, String content) {
        return event.path("type").asString().equals("AUTO_MODERATION_PROFILE_ALERT")
                && event.at("/data/user_id").asString().equals(user.asString())
                && event.at("/data/content").asString().equals(content);
    }

    private static boolean isMemberUpdate(JsonNode event, Snowflake user, int flags) {
        return event.path("type").asString().equals("GUILD_MEMBER_UPDATE")
                && event.at("/data/user/id").asString().equals(user.asString())
                && event.at("/data/flags").asInt() == flags;
    }

    /** A guild with a USER_PROFILE rule quarantining names that start with "spammer", and an invite to it. */
    private Guild moderatedGuild() {
        return moderatedGuild(true, false);
    }

    /**
     * As {@link #moderatedGuild()}, the rule quarantining when {@code quarantining} and alerting in the guild's
     * text channel when {@code alerting}.
     */
    private Guild moderatedGuild(boolean quarantining, boolean alerting) {
        Snowflake owner = newUser("owner");
        String id = idOf(createGuild(owner, "{\"name\": \"Profiles\"}"));
        String channel = StreamSupport.stream(
                        get(owner, "/guilds/" + id + "/channels").body().spliterator(), false)
                .filter(c -> c.path("type").asInt() == 0)
                .findFirst()
                .orElseThrow()
                .path("id")
                .asString();
        List<String> actions = new ArrayList<>();
        if (quarantining) {
            actions.add("{\"type\": 4}");
        }
        if (alerting) {
            actions.add("{\"type\": 2, \"metadata\": {\"channel_id\": \"" + channel + "\"}}");
        }
        Response rule = as(owner, HttpMethod.POST, "/guilds/" + id + "/auto-moderation/rules", """
                {"name": "Names", "event_type": 2, "trigger_type": 6, "enabled": true,
                 "trigger_metadata": {"keyword_filter": ["spammer*"]}, "actions": [%s]}""".formatted(
                        String.join(", ", actions)));
        assertThat(rule.status()).as("%s", rule.body()).isEqualTo(200);
        Response invite = as(owner, HttpMethod.POST, "/channels/" + channel + "/invites", "{}");
        assertThat(invite.status()).as("%s", invite.body()).isEqualTo(200);
        return new Guild(id, owner, channel, invite.body().get("code").asString(), idOf(rule));
    }

    private int flags(Guild guild, Snowflake user) {
        return db.sql("SELECT flags FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", Long.parseLong(guild.id()))
                .bind("user", user.value())
                .map(row -> row.get(0, Integer.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** The stored nickname, "" for none. */
    private String nick(Guild guild, Snowflake user) {
        return db.sql("SELECT coalesce(nick, '') FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", Long.parseLong(guild.id()))
                .bind("user", user.value())
                .map(row -> row.get(0, String.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    private static String idOf(Response response) {
        return response.body().get("id").asString();
    }
}
