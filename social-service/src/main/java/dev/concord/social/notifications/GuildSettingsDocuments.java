package dev.concord.social.notifications;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * User guild settings as stored: the JSON object clients read, without {@code guild_id} and
 * {@code version}, which are columns of their own. Reads overlay a document on the defaults, so a field
 * added later reads as its default in rows written before.
 */
@Component
final class GuildSettingsDocuments {

    private final JsonMapper mapper;

    GuildSettingsDocuments(JsonMapper mapper) {
        this.mapper = mapper;
    }

    String write(UserGuildSettingsData settings) {
        ObjectNode tree = mapper.valueToTree(settings);
        tree.remove("guild_id");
        tree.remove("version");
        return mapper.writeValueAsString(tree);
    }

    UserGuildSettingsData read(GuildKey guild, String document, long version) {
        ObjectNode tree = mapper.valueToTree(UserGuildSettingsData.defaults(guild));
        tree.setAll((ObjectNode) mapper.readTree(document));
        tree.put("version", version);
        return mapper.treeToValue(tree, UserGuildSettingsData.class);
    }

    /** A snapshot's document (guild id to stored settings), each read with version 0, in guild id order. */
    Map<GuildKey, UserGuildSettingsData> readSnapshot(String document) {
        Map<GuildKey, UserGuildSettingsData> guilds = new LinkedHashMap<>();
        mapper.readTree(document).properties().forEach(entry -> {
            GuildKey guild = GuildKey.of(Long.parseLong(entry.getKey()));
            guilds.put(guild, read(guild, mapper.writeValueAsString(entry.getValue()), 0));
        });
        return guilds;
    }
}
