package dev.concord.guild;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Permission values wherever a client sends one (a role's {@code permissions}, an overwrite's {@code allow}
 * and {@code deny}), read as the platform reads them: an unsigned 64-bit integer, in a string or a JSON
 * number, its unknown bits dropped; anything else refused naming the field, with nothing stored. Values
 * of 2^63 and up are where a signed reading goes wrong.
 */
class PermissionValuesIT extends GuildApiSupport {

    private static final String TWO_TO_THE_63 = "9223372036854775808";
    private static final String TWO_TO_THE_64_MINUS_1 = "18446744073709551615";
    private static final String TWO_TO_THE_64 = "18446744073709551616";

    record Guild(String id, Snowflake owner, String channelId) {}

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id = createGuild(owner, "{\"name\": \"Bits\"}").body().get("id").asString();
        String channel = call(HttpMethod.POST, "/guilds/" + id + "/channels", userToken(owner), "{\"name\": \"bits\"}")
                .body()
                .get("id")
                .asString();
        return new Guild(id, owner, channel);
    }

    /** Sent value (JSON) | the permissions answered and stored. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"" + TWO_TO_THE_63 + "\"        | 0",
                TWO_TO_THE_63 + "                 | 0",
                "\"9223372036854775816\"          | 8",
                "9223372036854775816              | 8",
                "\"" + TWO_TO_THE_64_MINUS_1 + "\" | ALL",
                TWO_TO_THE_64_MINUS_1 + "         | ALL",
                "\"0000000000000000000000000008\" | 8",
                "\"140737488355328\"              | 0",
                "1099511627776                    | 1099511627776",
            })
    void aRolesPermissionsAreReadUnsignedWithUnknownBitsDropped(String sent, String expected) {
        Guild guild = newGuild();
        long bits = expected.equals("ALL") ? Permission.ALL : Long.parseLong(expected);

        Response created = as(guild.owner(), HttpMethod.POST, roles(guild), "{\"permissions\": " + sent + "}");

        assertThat(created.status()).as(created.body().toString()).isEqualTo(200);
        String id = created.body().get("id").asString();
        assertThat(created.body().get("permissions").asString()).isEqualTo(Long.toString(bits));
        assertThat(storedRolePermissions(id)).isEqualTo(bits);
        assertThat(as(guild.owner(), HttpMethod.GET, roles(guild) + "/" + id, null)
                        .body()
                        .get("permissions")
                        .asString())
                .isEqualTo(Long.toString(bits));

        Response modified = as(guild.owner(), HttpMethod.PATCH, roles(guild) + "/" + id, "{\"permissions\": \"0\"}");
        Response back = as(guild.owner(), HttpMethod.PATCH, roles(guild) + "/" + id, "{\"permissions\": " + sent + "}");
        assertThat(modified.body().get("permissions").asString()).isEqualTo("0");
        assertThat(back.body().get("permissions").asString()).isEqualTo(Long.toString(bits));
        assertThat(storedRolePermissions(id)).isEqualTo(bits);
    }

    /** Sent value (JSON) | the error code under the field. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"" + TWO_TO_THE_64 + "\"  | NUMBER_TYPE_MAX",
                TWO_TO_THE_64 + "           | NUMBER_TYPE_MAX",
                "\"99999999999999999999999\" | NUMBER_TYPE_MAX",
                "\"-1\"                     | NUMBER_TYPE_MIN",
                "-1                         | NUMBER_TYPE_MIN",
                "-9223372036854775808       | NUMBER_TYPE_MIN",
                "\"abc\"                    | NUMBER_TYPE_COERCE",
                "\"1.5\"                    | NUMBER_TYPE_COERCE",
                "1.5                        | NUMBER_TYPE_COERCE",
                "1e3                        | NUMBER_TYPE_COERCE",
                "\"\"                       | NUMBER_TYPE_COERCE",
                "\" 8\"                     | NUMBER_TYPE_COERCE",
                "\"+8\"                     | NUMBER_TYPE_COERCE",
                "\"٨\"                      | NUMBER_TYPE_COERCE",
                "true                       | NUMBER_TYPE_COERCE",
                "[8]                        | NUMBER_TYPE_COERCE",
            })
    void anythingButAnIntegerBelowTwoToThe64IsRefusedAndNothingChanges(String sent, String code) {
        Guild guild = newGuild();
        String everyone = roles(guild) + "/" + guild.id();
        JsonNode before = as(guild.owner(), HttpMethod.GET, everyone, null).body();
        String overwrite = "/channels/" + guild.channelId() + "/permissions/" + guild.id();

        Response create = as(guild.owner(), HttpMethod.POST, roles(guild), "{\"permissions\": " + sent + "}");
        Response modify = as(guild.owner(), HttpMethod.PATCH, everyone, "{\"permissions\": " + sent + "}");
        Response allow = as(guild.owner(), HttpMethod.PUT, overwrite, "{\"type\": 0, \"allow\": " + sent + "}");
        Response deny = as(guild.owner(), HttpMethod.PUT, overwrite, "{\"type\": 0, \"deny\": " + sent + "}");
        Response channel = as(
                guild.owner(),
                HttpMethod.POST,
                "/guilds/" + guild.id() + "/channels",
                "{\"name\": \"x\", \"permission_overwrites\": [{\"id\": \"" + guild.id()
                        + "\", \"type\": 0, \"allow\": " + sent + "}]}");

        assertRefused(create, List.of("permissions"), code);
        assertRefused(modify, List.of("permissions"), code);
        assertRefused(allow, List.of("allow"), code);
        assertRefused(deny, List.of("deny"), code);
        assertRefused(channel, List.of("permission_overwrites", "0", "allow"), code);
        assertThat(as(guild.owner(), HttpMethod.GET, roles(guild), null).body()).hasSize(1);
        assertThat(as(guild.owner(), HttpMethod.GET, everyone, null).body()).isEqualTo(before);
        assertThat(count(
                        "SELECT count(*) FROM permission_overwrites WHERE channel_id = :id",
                        Snowflake.parse(guild.channelId())))
                .isZero();
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .as("the starter layout's four channels and the test's one")
                .isEqualTo(5);
    }

    @Test
    void overwritesAreReadUnsignedWithUnknownBitsDroppedAndWrittenBackAsStrings() {
        Guild guild = newGuild();
        String overwrite = "/channels/" + guild.channelId() + "/permissions/" + guild.id();
        long viewChannel = Permission.VIEW_CHANNEL.bit();

        Response put = as(
                guild.owner(),
                HttpMethod.PUT,
                overwrite,
                "{\"type\": 0, \"allow\": " + TWO_TO_THE_64_MINUS_1 + ", \"deny\": \""
                        + (Long.toUnsignedString(Long.MIN_VALUE | viewChannel)) + "\"}");

        assertThat(put.status()).as(String.valueOf(put.body())).isEqualTo(204);
        JsonNode channel = as(guild.owner(), HttpMethod.GET, "/channels/" + guild.channelId(), null)
                .body();
        assertThat(channel.get("permission_overwrites"))
                .isEqualTo(json("[{\"id\": \"" + guild.id() + "\", \"type\": 0, \"allow\": \"" + Permission.ALL
                        + "\", \"deny\": \"" + viewChannel + "\"}]"));
        assertThat(db.sql("SELECT allow, deny FROM permission_overwrites WHERE channel_id = :id")
                        .bind("id", Long.parseLong(guild.channelId()))
                        .map(row -> Map.of("allow", row.get("allow", Long.class), "deny", row.get("deny", Long.class)))
                        .one()
                        .block(Duration.ofSeconds(5)))
                .isEqualTo(Map.of("allow", Permission.ALL, "deny", viewChannel));
    }

    private static String roles(Guild guild) {
        return "/guilds/" + guild.id() + "/roles";
    }

    private long storedRolePermissions(String roleId) {
        return count("SELECT permissions FROM roles WHERE id = :id", Snowflake.parse(roleId));
    }

    private static void assertRefused(Response response, List<String> path, String code) {
        assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        JsonNode node = response.body().get("errors");
        for (String step : path) {
            node = node.path(step);
        }
        assertThat(node.path("_errors").path(0).path("code").asString())
                .as(response.body().toString())
                .isEqualTo(code);
    }
}
