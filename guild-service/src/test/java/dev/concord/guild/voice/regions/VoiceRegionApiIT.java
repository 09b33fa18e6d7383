package dev.concord.guild.voice.regions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Voice regions through HTTP, as application.yml configures them. */
class VoiceRegionApiIT extends GuildApiSupport {

    private static final List<String> REGIONS = List.of(
            "us-west",
            "us-east",
            "us-central",
            "us-south",
            "rotterdam",
            "singapore",
            "japan",
            "brazil",
            "hongkong",
            "sydney",
            "southafrica",
            "india",
            "eu-west",
            "eu-central");
    private static final List<String> VIP_REGIONS = List.of("vip-us-east", "vip-us-west", "vip-amsterdam");

    @Test
    void peopleAndBotsGetTheConfiguredRegionsWithTheDefaultOneOptimal() {
        Snowflake alice = newUser("alice");

        Response regions = get(alice, "/voice/regions");

        assertThat(regions.status()).isEqualTo(200);
        JsonNode body = Objects.requireNonNull(regions.body());
        assertThat(ids(body)).isEqualTo(REGIONS);
        assertThat(body.get(1)).isEqualTo(json("""
                        {"id": "us-east", "name": "US East", "optimal": true, "deprecated": false, "custom": false}"""));
        assertThat(body.get(12)).isEqualTo(json("""
                        {"id": "eu-west", "name": "EU West", "optimal": false, "deprecated": true, "custom": false}"""));
        assertThat(optimal(body)).containsExactly("us-east");
        Response byBot = call(HttpMethod.GET, "/voice/regions", botToken(newUser("bot")), null);
        assertThat(byBot.status()).isEqualTo(200);
        assertThat(byBot.body()).isEqualTo(body);
        assertThat(call(HttpMethod.GET, "/voice/regions", null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/voice/regions", oauthToken(alice), null)
                        .status())
                .isEqualTo(403);
    }

    @Test
    void aGuildsMembersGetItsRegionsAndTheVipOnesOnlyWhenItHasTheFeature() {
        Snowflake owner = newUser("owner");
        Snowflake stranger = newUser("stranger");
        String guild = Objects.requireNonNull(
                        createGuild(owner, "{\"name\": \"Regions\"}").body())
                .get("id")
                .asString();
        String path = "/guilds/" + guild + "/regions";

        Response plain = get(owner, path);
        assertThat(plain.status()).isEqualTo(200);
        assertThat(plain.body()).isEqualTo(get(owner, "/voice/regions").body());

        db.sql("UPDATE guilds SET features = array_append(features, 'VIP_REGIONS') WHERE id = :id")
                .bind("id", Long.parseLong(guild))
                .then()
                .block(Duration.ofSeconds(5));
        JsonNode vip = Objects.requireNonNull(get(owner, path).body());
        List<String> expected = new ArrayList<>(REGIONS);
        expected.addAll(VIP_REGIONS);
        assertThat(ids(vip)).isEqualTo(expected);
        assertThat(vip.get(REGIONS.size())).isEqualTo(json("""
                        {"id": "vip-us-east", "name": "VIP US East", "optimal": false, "deprecated": false, "custom": false}"""));
        assertThat(optimal(vip)).containsExactly("us-east");

        Response notAMember = get(stranger, path);
        assertThat(notAMember.status()).isEqualTo(403);
        assertThat(notAMember.body().get("code").asInt()).isEqualTo(50001);
        Response noGuild = get(owner, "/guilds/1/regions");
        assertThat(noGuild.status()).isEqualTo(404);
        assertThat(noGuild.body().get("code").asInt()).isEqualTo(10004);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
        assertThat(get(owner, "/guilds/x/regions").status()).isEqualTo(400);
    }

    private static List<String> ids(JsonNode regions) {
        List<String> ids = new ArrayList<>();
        regions.forEach(region -> ids.add(region.get("id").asString()));
        return ids;
    }

    private static List<String> optimal(JsonNode regions) {
        List<String> ids = new ArrayList<>();
        regions.forEach(region -> {
            if (region.get("optimal").asBoolean()) {
                ids.add(region.get("id").asString());
            }
        });
        return ids;
    }
}
