package dev.concord.guild.voice.regions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.junit.jupiter.api.Test;

class VoiceRegionsTest {

    private static final VoiceRegionSettings.Region EAST = region("us-east", false);
    private static final VoiceRegionSettings.Region WEST = region("us-west", false);
    private static final VoiceRegionSettings.Region OLD = region("eu-west", true);
    private static final VoiceRegionSettings.Region VIP = region("vip-us-east", false);

    @Test
    void theDefaultRegionIsTheOneOptimalAndVipRegionsAreForVipGuildsOnly() {
        VoiceRegions regions =
                new VoiceRegions(new VoiceRegionSettings("us-west", List.of(EAST, WEST, OLD), List.of(VIP)));

        assertThat(regions.all())
                .containsExactly(
                        new VoiceRegionData("us-east", "us-east region", false, false, false),
                        new VoiceRegionData("us-west", "us-west region", true, false, false),
                        new VoiceRegionData("eu-west", "eu-west region", false, true, false));
        assertThat(regions.of(guild(List.of("COMMUNITY")))).isEqualTo(regions.all());
        assertThat(regions.of(guild(List.of("VIP_REGIONS"))))
                .extracting(VoiceRegionData::id)
                .containsExactly("us-east", "us-west", "eu-west", "vip-us-east");
    }

    @Test
    void aConfigurationClientsWouldMisreadStopsTheService() {
        assertThatThrownBy(() -> new VoiceRegions(new VoiceRegionSettings("us-east", List.of(), List.of())))
                .hasMessageContaining("no region");
        assertThatThrownBy(() -> new VoiceRegions(new VoiceRegionSettings("mars", List.of(EAST), List.of())))
                .hasMessageContaining("mars");
        assertThatThrownBy(() -> new VoiceRegions(new VoiceRegionSettings("eu-west", List.of(EAST, OLD), List.of())))
                .as("a deprecated region cannot be the optimal one")
                .hasMessageContaining("deprecated");
        assertThatThrownBy(() -> new VoiceRegions(new VoiceRegionSettings("vip-us-east", List.of(EAST), List.of(VIP))))
                .as("nor one only VIP guilds see")
                .hasMessageContaining("vip-us-east");
        assertThatThrownBy(() -> new VoiceRegions(new VoiceRegionSettings("us-east", List.of(EAST, EAST), List.of())))
                .hasMessageContaining("two regions");
        assertThatThrownBy(() -> new VoiceRegions(
                        new VoiceRegionSettings("us-east", List.of(EAST, region("US East", false)), List.of())))
                .hasMessageContaining("an id like us-east");
    }

    private static VoiceRegionSettings.Region region(String id, boolean deprecated) {
        return new VoiceRegionSettings.Region(id, id + " region", deprecated, false);
    }

    private static GuildRow guild(List<String> features) {
        Snowflake id = Snowflake.of(81384788765712384L);
        return new GuildRow(
                id,
                "g",
                null,
                null,
                null,
                null,
                null,
                Snowflake.of(1),
                null,
                300,
                false,
                null,
                0,
                0,
                0,
                0,
                0,
                features,
                null,
                0,
                null,
                null,
                null,
                0,
                0,
                false,
                "en-US",
                null,
                1,
                null);
    }
}
