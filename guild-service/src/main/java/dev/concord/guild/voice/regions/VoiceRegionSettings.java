package dev.concord.guild.voice.regions;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The voice regions this deployment offers ({@code concord.voice} in application.yml).
 *
 * @param defaultRegion the id of the region answered as {@code optimal}: the platform marks the one closest
 *     to the caller, and this stack knows no caller's location, so it is one region for everyone
 * @param regions every guild's regions, in the order listed
 * @param vipRegions listed after them for a guild with the {@code VIP_REGIONS} feature only
 */
@ConfigurationProperties("concord.voice")
record VoiceRegionSettings(
        String defaultRegion,
        List<Region> regions,
        @DefaultValue List<Region> vipRegions) {

    /**
     * One region as configured.
     *
     * @param deprecated a region clients should no longer switch to; still listed, as the platform does
     * @param custom a region made for an occasion (events and the like), not a general one
     */
    record Region(
            String id,
            String name,
            @DefaultValue("false") boolean deprecated,
            @DefaultValue("false") boolean custom) {}
}
