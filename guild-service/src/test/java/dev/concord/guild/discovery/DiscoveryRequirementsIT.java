package dev.concord.guild.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What keeps a guild out of discovery, computed from the guild itself; verified guilds are exempt. */
class DiscoveryRequirementsIT extends GuildApiSupport {

    @Test
    void aNewSmallGuildMeetsNoneAndIsToldWhy() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Free porn\"}").body().get("id").asString();
        String channel = as(owner, HttpMethod.POST, "/guilds/" + guild + "/channels", "{\"name\": \"nsfw-pics\"}")
                .body()
                .get("id")
                .asString();

        JsonNode found = requirements(owner, guild);

        assertThat(found.get("sufficient").asBoolean()).isFalse();
        assertThat(found.get("sufficient_without_grace_period").asBoolean()).isFalse();
        assertThat(found.get("size").asBoolean()).isFalse();
        assertThat(found.get("minimum_size").asInt()).isEqualTo(1000);
        assertThat(found.get("age").asBoolean()).isFalse();
        assertThat(found.get("minimum_age").asInt()).isEqualTo(56);
        assertThat(found.get("protected").asBoolean()).isFalse();
        assertThat(found.get("valid_rules_channel").asBoolean()).isFalse();
        assertThat(found.get("safe_environment").asBoolean()).isTrue();
        assertThat(found.get("health_score_pending").asBoolean()).isTrue();
        assertThat(found.get("nsfw_properties"))
                .isEqualTo(json("{\"channels\": [\"" + channel + "\"], \"channel_banned_keywords\": {\"" + channel
                        + "\": [\"nsfw\"]}, \"name\": \"Free porn\", \"name_banned_keywords\": [\"porn\"]}"));

        db.sql("UPDATE guilds SET features = '{COMMUNITY}' WHERE id = :id")
                .bind("id", Long.parseLong(guild))
                .then()
                .block();
        Response refused =
                as(owner, HttpMethod.PATCH, "/guilds/" + guild, "{\"features\": [\"COMMUNITY\", \"DISCOVERABLE\"]}");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().at("/errors/features/_errors/0/code").asString())
                .isEqualTo("DISCOVERY_REQUIREMENTS_NOT_MET");
        assertThat(get(owner, "/guilds/" + guild)
                        .body()
                        .get("features")
                        .valueStream()
                        .map(JsonNode::asString))
                .as("refused, unchanged")
                .containsExactly("COMMUNITY");

        Snowflake member = newUser("member");
        addMember(guild, member);
        assertThat(get(member, "/guilds/" + guild + "/discovery-requirements")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(call(HttpMethod.GET, "/guilds/" + guild + "/discovery-requirements", null, null)
                        .status())
                .isEqualTo(401);
        assertThat(get(owner, "/guilds/1234567890123/discovery-requirements").status())
                .isEqualTo(404);
    }

    @Test
    void anOldLargeProtectedGuildWithRulesIsSufficientAndAVerifiedOneIsExempt() {
        Snowflake owner = newUser("veteran");
        Snowflake guild = Snowflake.of(
                Snowflake.firstAt(Instant.parse("2021-03-01T00:00:00Z")).value()
                        + ThreadLocalRandom.current().nextLong(1, 1 << 22));
        db.sql("""
                        WITH g AS (
                          INSERT INTO guilds (id, name, owner_id, member_count, mfa_level) VALUES (:id, 'Old friends', :owner, 1500, 1)
                          RETURNING id),
                        r AS (INSERT INTO roles (id, guild_id, name, position, permissions) SELECT id, id, '@everyone', 0, 0 FROM g)
                        INSERT INTO members (guild_id, user_id) SELECT id, :owner FROM g""")
                .bind("id", guild.value())
                .bind("owner", owner.value())
                .then()
                .block();
        String rules = as(owner, HttpMethod.POST, "/guilds/" + guild + "/channels", "{\"name\": \"rules\"}")
                .body()
                .get("id")
                .asString();
        db.sql("UPDATE guilds SET rules_channel_id = :rules WHERE id = :id")
                .bind("rules", Long.parseLong(rules))
                .bind("id", guild.value())
                .then()
                .block();

        JsonNode found = requirements(owner, guild.asString());

        assertThat(found.get("size").asBoolean()).isTrue();
        assertThat(found.get("age").asBoolean()).isTrue();
        assertThat(found.get("protected").asBoolean()).isTrue();
        assertThat(found.get("valid_rules_channel").asBoolean()).isTrue();
        assertThat(found.get("nsfw_properties")).isEmpty();
        assertThat(found.get("sufficient").asBoolean()).isTrue();

        db.sql("UPDATE guilds SET features = '{COMMUNITY}' WHERE id = :id")
                .bind("id", guild.value())
                .then()
                .block();
        Response listed =
                as(owner, HttpMethod.PATCH, "/guilds/" + guild, "{\"features\": [\"COMMUNITY\", \"DISCOVERABLE\"]}");
        assertThat(listed.status()).as("%s", listed.body()).isEqualTo(200);
        assertThat(listed.body().get("features").valueStream().map(JsonNode::asString))
                .contains("DISCOVERABLE");

        db.sql("UPDATE guilds SET features = '{VERIFIED}' WHERE id = :id")
                .bind("id", guild.value())
                .then()
                .block();
        assertThat(requirements(owner, guild.asString()))
                .isEqualTo(json("{\"sufficient\": true, \"sufficient_without_grace_period\": true}"));
    }

    private JsonNode requirements(Snowflake user, String guild) {
        Response response = get(user, "/guilds/" + guild + "/discovery-requirements");
        assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
        return response.body();
    }
}
