package dev.concord.guild.channels;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * What an overwrite names. A member overwrite (type 1) names a member of the channel's guild; one for
 * anyone else, known user or not, is refused as the platform refuses it, and nothing is stored: 404 10009
 * on {@code PUT /channels/{channel.id}/permissions/{overwrite.id}}, 50035 naming the entry in a channel's
 * {@code permission_overwrites}. A list names each role or member once (twice was a 500).
 */
class OverwriteTargetsIT extends GuildApiSupport {

    static final JsonNode UNKNOWN_OVERWRITE = json("{\"message\": \"Unknown Permission Overwrite\", \"code\": 10009}");

    record Setup(String guildId, Snowflake owner, Snowflake member, Snowflake outsider, String channelId) {
        String channel() {
            return "/channels/" + channelId;
        }

        String overwrite(Object target) {
            return channel() + "/permissions/" + target;
        }
    }

    Setup setup() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        Snowflake outsider = newUser("outsider");
        String guildId = createGuild(owner, "{\"name\": \"Overwrites\"}")
                .body()
                .get("id")
                .asString();
        addMember(guildId, member);
        String channelId = as(owner, HttpMethod.POST, "/guilds/" + guildId + "/channels", "{\"name\": \"quiet\"}")
                .body()
                .get("id")
                .asString();
        return new Setup(guildId, owner, member, outsider, channelId);
    }

    @Test
    void aMemberOverwriteForSomeoneOutsideTheGuildIsUnknownAndNothingIsStored() {
        Setup s = setup();
        JsonNode before = get(s.owner(), s.channel()).body();

        Response outsider =
                as(s.owner(), HttpMethod.PUT, s.overwrite(s.outsider()), "{\"type\": 1, \"deny\": \"1024\"}");
        Response nobody = as(s.owner(), HttpMethod.PUT, s.overwrite(42), "{\"type\": 1, \"deny\": \"1024\"}");
        Response member = as(s.owner(), HttpMethod.PUT, s.overwrite(s.member()), "{\"type\": 1, \"deny\": \"1024\"}");

        assertThat(outsider.status()).isEqualTo(404);
        assertThat(outsider.body()).isEqualTo(UNKNOWN_OVERWRITE);
        assertThat(nobody.body()).isEqualTo(UNKNOWN_OVERWRITE);
        assertThat(member.status()).isEqualTo(204);
        assertThat(get(s.owner(), s.channel()).body().get("permission_overwrites"))
                .isEqualTo(json("[{\"id\": \"" + s.member().asString()
                        + "\", \"type\": 1, \"allow\": \"0\", \"deny\": \"1024\"}]"));
        assertThat(before.get("permission_overwrites").isEmpty()).isTrue();
        assertThat(storedOverwrites(s.outsider())).isZero();
    }

    @Test
    void aChannelsOverwritesNamingSomeoneOutsideTheGuildAreRefusedEntryByEntry() {
        Setup s = setup();
        String overwrites = "[{\"id\": \"" + s.member().asString() + "\", \"type\": 1, \"deny\": \"1024\"},"
                + " {\"id\": \"" + s.outsider().asString() + "\", \"type\": 1, \"deny\": \"1024\"}]";

        Response created = as(
                s.owner(),
                HttpMethod.POST,
                "/guilds/" + s.guildId() + "/channels",
                "{\"name\": \"private\", \"permission_overwrites\": " + overwrites + "}");
        Response modified = as(
                s.owner(),
                HttpMethod.PATCH,
                s.channel(),
                "{\"name\": \"renamed\", \"permission_overwrites\": " + overwrites + "}");

        for (Response refused : new Response[] {created, modified}) {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
            JsonNode errors = refused.body().get("errors").get("permission_overwrites");
            assertThat(errors.has("0")).isFalse();
            assertThat(errors.get("1")
                            .get("id")
                            .get("_errors")
                            .get(0)
                            .get("code")
                            .asString())
                    .isEqualTo("UNKNOWN_MEMBER");
        }
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(s.guildId())))
                .as("the starter layout's four channels and the test's one")
                .isEqualTo(5);
        JsonNode channel = get(s.owner(), s.channel()).body();
        assertThat(channel.get("name").asString()).isEqualTo("quiet");
        assertThat(channel.get("permission_overwrites").isEmpty()).isTrue();
        assertThat(storedOverwrites(s.outsider())).isZero();
        assertThat(storedOverwrites(s.member())).isZero();
    }

    @Test
    void aListNamingOneTargetTwiceIsRefusedOnTheSecondEntry() {
        Setup s = setup();
        String hide = "{\"id\": \"" + s.guildId() + "\", \"type\": 0, \"deny\": \"1024\"}";
        String twice = "[" + hide + ", {\"id\": \"" + s.member().asString() + "\", \"type\": 1}, " + hide + "]";

        Response created = as(
                s.owner(),
                HttpMethod.POST,
                "/guilds/" + s.guildId() + "/channels",
                "{\"name\": \"twice\", \"permission_overwrites\": " + twice + "}");
        Response modified = as(s.owner(), HttpMethod.PATCH, s.channel(), "{\"permission_overwrites\": " + twice + "}");

        for (Response refused : new Response[] {created, modified}) {
            assertThat(refused.status()).as(String.valueOf(refused.body())).isEqualTo(400);
            assertThat(refused.body())
                    .isEqualTo(json("{\"message\": \"Invalid Form Body\", \"code\": 50035, \"errors\":"
                            + " {\"permission_overwrites\": {\"2\": {\"id\": {\"_errors\": [{\"code\":"
                            + " \"DUPLICATE_OVERWRITE\", \"message\": \"Each overwrite must name a different role or"
                            + " member.\"}]}}}}}"));
        }
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(s.guildId())))
                .isEqualTo(5);
        assertThat(get(s.owner(), s.channel())
                        .body()
                        .get("permission_overwrites")
                        .isEmpty())
                .isTrue();
        assertThat(storedOverwrites(Snowflake.parse(s.guildId()))).isZero();
    }

    private long storedOverwrites(Snowflake target) {
        return count("SELECT count(*) FROM permission_overwrites WHERE target_id = :id", target);
    }
}
