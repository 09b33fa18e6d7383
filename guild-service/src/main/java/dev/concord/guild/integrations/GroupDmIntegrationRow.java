package dev.concord.guild.integrations;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import io.r2dbc.spi.Readable;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A row of {@code private_channel_integrations}: an application added to a group DM; {@code inserted}
 * says whether the statement that returned it made it (else an authorization again updated it).
 */
record GroupDmIntegrationRow(
        Snowflake id, Snowflake channelId, JsonNode application, List<String> scopes, boolean inserted) {

    static GroupDmIntegrationRow read(Readable row, JsonMapper mapper) {
        String[] scopes = row.get("scopes", String[].class);
        return new GroupDmIntegrationRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "channel_id"),
                mapper.readTree(Objects.requireNonNull(row.get("application", String.class))),
                scopes == null ? List.of() : List.of(scopes),
                Columns.bool(row, "inserted"));
    }

    Snowflake applicationId() {
        return IntegrationApplications.id(application);
    }

    @Nullable
    Snowflake botId() {
        return IntegrationApplications.botId(application);
    }

    /**
     * The private channel integration object the platform's clients parse: {@code id}, {@code type}
     * ("discord", an application's), the {@code application} and the {@code scopes} granted.
     */
    ObjectNode toJson(JsonMapper mapper, @Nullable PartialUser bot) {
        ObjectNode json = mapper.createObjectNode();
        json.put("id", id.asString());
        json.put("type", IntegrationStore.APPLICATION_TYPE);
        json.set("application", IntegrationApplications.render(mapper, application, bot));
        json.set("scopes", mapper.valueToTree(scopes));
        return json;
    }
}
