package dev.concord.guild.voice.regions;

import dev.concord.guild.access.GuildRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * The configured regions as the platform lists them, built once at startup; a configuration that cannot
 * give exactly one optimal region, or gives two regions one id, stops the service from starting rather
 * than answering a list clients would misread.
 */
@Component
public final class VoiceRegions {

    /** The guild feature that adds the VIP regions to a guild's list. */
    static final String VIP_FEATURE = "VIP_REGIONS";

    /** Region ids as the platform writes them ({@code us-east}, {@code southafrica}). */
    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private final List<VoiceRegionData> everyGuilds;
    private final List<VoiceRegionData> vipGuilds;

    VoiceRegions(VoiceRegionSettings settings) {
        check(settings);
        this.everyGuilds = settings.regions().stream()
                .map(region -> data(region, region.id().equals(settings.defaultRegion())))
                .toList();
        List<VoiceRegionData> vip = new ArrayList<>(everyGuilds);
        settings.vipRegions().forEach(region -> vip.add(data(region, false)));
        this.vipGuilds = List.copyOf(vip);
    }

    /** {@code GET /voice/regions}: every guild's regions, the values a voice channel's {@code rtc_region} may take. */
    List<VoiceRegionData> all() {
        return everyGuilds;
    }

    /** The id of the region answered as optimal: where calls, which choose no region, are held. */
    public String optimal() {
        return everyGuilds.stream()
                .filter(VoiceRegionData::optimal)
                .findFirst()
                .orElseThrow()
                .id();
    }

    /** The ids a voice channel of the guild may name as its {@code rtc_region}. */
    public List<String> ids(GuildRow guild) {
        return of(guild).stream().map(VoiceRegionData::id).toList();
    }

    /** {@code GET /guilds/{guild.id}/regions}: with the VIP regions when the guild has the feature. */
    List<VoiceRegionData> of(GuildRow guild) {
        return guild.features().contains(VIP_FEATURE) ? vipGuilds : everyGuilds;
    }

    private static VoiceRegionData data(VoiceRegionSettings.Region region, boolean optimal) {
        return new VoiceRegionData(region.id(), region.name(), optimal, region.deprecated(), region.custom());
    }

    private static void check(VoiceRegionSettings settings) {
        if (settings.regions().isEmpty()) {
            throw new IllegalStateException("concord.voice.regions lists no region");
        }
        Set<String> ids = new HashSet<>();
        List<VoiceRegionSettings.Region> listed = new ArrayList<>(settings.regions());
        listed.addAll(settings.vipRegions());
        for (VoiceRegionSettings.Region region : listed) {
            if (!ID.matcher(region.id()).matches() || region.name().isBlank()) {
                throw new IllegalStateException(
                        "concord.voice: a region needs an id like us-east and a name: " + region);
            }
            if (!ids.add(region.id())) {
                throw new IllegalStateException("concord.voice: two regions have the id " + region.id());
            }
        }
        boolean defaultIsUsable = settings.regions().stream()
                .anyMatch(region -> region.id().equals(settings.defaultRegion()) && !region.deprecated());
        if (!defaultIsUsable) {
            throw new IllegalStateException("concord.voice.default-region " + settings.defaultRegion()
                    + " is not one of concord.voice.regions, or is deprecated");
        }
    }
}
