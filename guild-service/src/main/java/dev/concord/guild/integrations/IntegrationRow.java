package dev.concord.guild.integrations;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import io.r2dbc.spi.Readable;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** A row of {@code integrations}; {@code inserted} says whether the statement that returned it made it. */
record IntegrationRow(
        Snowflake id,
        Snowflake guildId,
        String type,
        String name,
        boolean enabled,
        String accountId,
        String accountName,
        @Nullable JsonNode application,
        List<String> scopes,
        @Nullable Snowflake userId,
        boolean inserted) {

    static IntegrationRow read(Readable row, JsonMapper mapper) {
        String application = row.get("application", String.class);
        String[] scopes = row.get("scopes", String[].class);
        Boolean inserted = row.get("inserted", Boolean.class);
        return new IntegrationRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "guild_id"),
                String.valueOf(row.get("type", String.class)),
                String.valueOf(row.get("name", String.class)),
                Columns.bool(row, "enabled"),
                String.valueOf(row.get("account_id", String.class)),
                String.valueOf(row.get("account_name", String.class)),
                application == null ? null : mapper.readTree(application),
                scopes == null ? List.of() : List.of(scopes),
                Columns.snowflake(row, "user_id"),
                Boolean.TRUE.equals(inserted));
    }

    /**
     * The integration object as the platform sends it: an application's has its {@code application}
     * (with the bot as a partial user) and {@code scopes}; {@code user} is who added it.
     */
    ObjectNode toJson(JsonMapper mapper, Map<Snowflake, PartialUser> users) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", id.asString());
        json.put("name", name);
        json.put("type", type);
        json.put("enabled", enabled);
        json.putObject("account").put("id", accountId).put("name", accountName);
        if (application != null) {
            ObjectNode app = json.putObject("application");
            app.put("id", application.path("id").asString());
            app.put("name", application.path("name").asString());
            app.set("icon", application.path("icon"));
            app.put("description", application.path("description").asString(""));
            PartialUser bot = users.get(botId());
            if (bot != null) {
                app.set("bot", mapper.valueToTree(bot));
            }
            json.set("scopes", mapper.valueToTree(scopes));
        }
        PartialUser user = userId == null ? null : users.get(userId);
        if (user != null) {
            json.set("user", mapper.valueToTree(user));
        }
        return json;
    }

    /** The application's bot, for an application's integration. */
    @Nullable
    Snowflake botId() {
        return application == null
                ? null
                : Snowflake.parse(application.path("bot_id").asString());
    }
}
