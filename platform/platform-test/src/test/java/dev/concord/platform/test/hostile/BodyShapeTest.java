package dev.concord.platform.test.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.core.ParameterizedTypeReference;
import tools.jackson.databind.JsonNode;

class BodyShapeTest {

    record Folder(String name, Long guildId) {}

    record Settings(
            Possible<Optional<Snowflake>> afkChannelId,
            Possible<Integer> count,
            List<Folder> folders,
            Possible<Optional<Folder>> pinned,
            JsonNode anything,
            Boolean enabled) {}

    @Test
    void readsFieldsWithTheMappersNamesAndKindsNestedOneLevel() {
        BodyShape shape = BodyShape.of(Settings.class, Json.mapper());

        assertThat(shape.list()).isFalse();
        assertThat(shape.fields())
                .extracting(field -> field.name() + " " + field.kind())
                .containsExactlyInAnyOrder(
                        "afk_channel_id SNOWFLAKE",
                        "count INTEGER",
                        "folders ARRAY",
                        "folders.[].name STRING",
                        "folders.[].guild_id INTEGER",
                        "pinned OBJECT",
                        "pinned.name STRING",
                        "pinned.guild_id INTEGER",
                        "anything ANY",
                        "enabled BOOLEAN");
    }

    @Test
    void aListBodyHasTheFieldsOfItsElements() {
        BodyShape shape = BodyShape.of(new ParameterizedTypeReference<List<Folder>>() {}.getType(), Json.mapper());

        assertThat(shape.list()).isTrue();
        assertThat(shape.fields()).extracting(BodyField::name).containsExactlyInAnyOrder("name", "guild_id");
    }
}
