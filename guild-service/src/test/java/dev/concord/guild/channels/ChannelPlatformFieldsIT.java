package dev.concord.guild.channels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Channel fields of the platform's request schemas that we read since the request schema check named
 * them: {@code rtc_region} kept on create, and the settings we do not keep yet ({@code video_quality_mode},
 * {@code default_auto_archive_duration}, {@code default_tag_setting}) refused where the platform refuses
 * them instead of silently dropped.
 */
class ChannelPlatformFieldsIT extends GuildApiSupport {

    private static final String UNKEPT_BAD =
            "\"video_quality_mode\": 3, \"default_auto_archive_duration\": 61, \"default_tag_setting\": \"any\"";
    private static final String UNKEPT_GOOD =
            "\"video_quality_mode\": 2, \"default_auto_archive_duration\": 1440, \"default_tag_setting\": null";

    @Test
    void aVoiceChannelIsCreatedWithItsRegion() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Regions\"}").body().get("id").asString();

        Response voice = call(
                HttpMethod.POST,
                "/guilds/" + guild + "/channels",
                userToken(owner),
                "{\"name\": \"talk\", \"type\": 2, \"rtc_region\": \"brazil\"}");

        assertThat(voice.status()).as("%s", voice.body()).isEqualTo(201);
        assertThat(voice.body().get("rtc_region").asString()).isEqualTo("brazil");
        assertThat(get(owner, "/channels/" + voice.body().get("id").asString())
                        .body()
                        .get("rtc_region")
                        .asString())
                .isEqualTo("brazil");
    }

    @Test
    void aRegionMustBeOneTheGuildMayUse() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Atlantis\"}").body().get("id").asString();
        String channels = "/guilds/" + guild + "/channels";

        Response unknown = call(
                HttpMethod.POST,
                channels,
                userToken(owner),
                "{\"name\": \"sea\", \"type\": 2, \"rtc_region\": \"atlantis\"}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().at("/errors/rtc_region/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id AND name = 'sea'", Snowflake.parse(guild)))
                .as("refused, not made")
                .isZero();

        String channel = "/channels/"
                + call(HttpMethod.POST, channels, userToken(owner), "{\"name\": \"shore\", \"type\": 2}")
                        .body()
                        .get("id")
                        .asString();
        Response moved = call(HttpMethod.PATCH, channel, userToken(owner), "{\"rtc_region\": \"atlantis\"}");
        assertThat(moved.status()).isEqualTo(400);
        assertThat(moved.body().at("/errors/rtc_region/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(get(owner, channel).body().get("rtc_region").isNull()).isTrue();
        assertThat(call(HttpMethod.PATCH, channel, userToken(owner), "{\"rtc_region\": \"japan\"}")
                        .body()
                        .get("rtc_region")
                        .asString())
                .isEqualTo("japan");
        assertThat(call(HttpMethod.PATCH, channel, userToken(owner), "{\"rtc_region\": null}")
                        .body()
                        .get("rtc_region")
                        .isNull())
                .as("null is automatic")
                .isTrue();
    }

    @Test
    void settingsWeDoNotKeepAreCheckedOnCreateAndModify() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Unkept\"}").body().get("id").asString();
        String channels = "/guilds/" + guild + "/channels";

        Response refused = call(HttpMethod.POST, channels, userToken(owner), "{\"name\": \"x\", " + UNKEPT_BAD + "}");
        Response wrongType = call(
                HttpMethod.POST, channels, userToken(owner), "{\"name\": \"x\", \"video_quality_mode\": \"full\"}");
        Response created = call(
                HttpMethod.POST, channels, userToken(owner), "{\"name\": \"x\", \"type\": 2, " + UNKEPT_GOOD + "}");

        assertRefusedEach(refused);
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.body().get("errors").has("video_quality_mode")).isTrue();
        assertThat(created.status()).as("%s", created.body()).isEqualTo(201);

        String channel = "/channels/" + created.body().get("id").asString();
        assertRefusedEach(call(HttpMethod.PATCH, channel, userToken(owner), "{" + UNKEPT_BAD + "}"));
        Response modified = call(HttpMethod.PATCH, channel, userToken(owner), "{" + UNKEPT_GOOD + "}");
        assertThat(modified.status()).as("%s", modified.body()).isEqualTo(200);
    }

    private static void assertRefusedEach(Response response) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        JsonNode errors = response.body().get("errors");
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(errors.has("video_quality_mode")).isTrue();
        assertThat(errors.has("default_auto_archive_duration")).isTrue();
        assertThat(errors.has("default_tag_setting")).isTrue();
    }
}
