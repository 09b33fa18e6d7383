package dev.concord.guild.guilds;

import dev.concord.guild.access.GuildRow;
import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.InChannel;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.guild.guilds.GuildStore.Membership;
import dev.concord.guild.guilds.GuildStore.RoleRow;
import dev.concord.guild.members.MemberData;
import dev.concord.guild.scheduledevents.GuildScheduledEvents;
import dev.concord.guild.stages.GuildStageInstances;
import dev.concord.guild.threads.ThreadData;
import dev.concord.guild.threads.ThreadStore;
import dev.concord.guild.threads.ThreadVisibility;
import dev.concord.guild.voicestates.GuildVoiceStates;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user's guilds the way a new gateway session receives them, one GUILD_CREATE payload per guild. Six
 * statements in all (memberships, roles, channels, open threads, the user's thread memberships, the user),
 * however many guilds.
 */
@Component
public final class ReadyGuilds {

    private final GuildStore store;
    private final ChannelStore channels;
    private final ThreadStore threads;
    private final UserDirectory users;
    private final GuildEmojis emojis;
    private final GuildScheduledEvents events;
    private final GuildStageInstances stages;
    private final GuildVoiceStates voice;
    private final JsonMapper mapper;
    private final Clock clock;

    ReadyGuilds(
            GuildStore store,
            ChannelStore channels,
            ThreadStore threads,
            UserDirectory users,
            GuildEmojis emojis,
            GuildScheduledEvents events,
            GuildStageInstances stages,
            GuildVoiceStates voice,
            JsonMapper mapper,
            Clock clock) {
        this.store = store;
        this.channels = channels;
        this.threads = threads;
        this.users = users;
        this.emojis = emojis;
        this.events = events;
        this.stages = stages;
        this.voice = voice;
        this.mapper = mapper;
        this.clock = clock;
    }

    public Flux<ObjectNode> of(Snowflake userId) {
        return store.guildsOf(userId, null, null, GuildJoins.MAX_GUILDS_PER_USER)
                .collectList()
                .flatMapMany(memberships -> {
                    if (memberships.isEmpty()) {
                        return Flux.empty();
                    }
                    List<Snowflake> guildIds =
                            memberships.stream().map(m -> m.guild().id()).toList();
                    Mono<Map<Snowflake, List<RoleRow>>> roles =
                            store.rolesOf(guildIds).collect(Collectors.groupingBy(RoleRow::guildId));
                    Mono<Map<Snowflake, List<ChannelData>>> guildChannels =
                            channels.listOf(guildIds).collect(Collectors.groupingBy(ChannelData::guildId));
                    Mono<PartialUser> user = users.require(userId);
                    Mono<OpenThreads> open = threads.openIn(guildIds)
                            .collectList()
                            .flatMap(all -> threads.joined(
                                            userId,
                                            all.stream().map(ThreadData::id).toList())
                                    .map(joined -> new OpenThreads(
                                            all.stream().collect(Collectors.groupingBy(ThreadData::guildId)), joined)));
                    return Mono.zip(
                                    roles,
                                    guildChannels,
                                    user,
                                    open,
                                    emojis.of(guildIds),
                                    events.of(guildIds),
                                    stages.of(guildIds),
                                    voice.of(guildIds))
                            .flatMapIterable(read -> memberships.stream()
                                    .map(membership -> {
                                        Snowflake guildId = membership.guild().id();
                                        return payload(
                                                membership,
                                                read.getT1().getOrDefault(guildId, List.of()),
                                                read.getT2().getOrDefault(guildId, List.of()),
                                                read.getT5().getOrDefault(guildId, List.of()),
                                                read.getT6().getOrDefault(guildId, List.of()),
                                                read.getT7().getOrDefault(guildId, List.of()),
                                                read.getT8().getOrDefault(guildId, List.of()),
                                                read.getT4(),
                                                read.getT3());
                                    })
                                    .toList());
                });
    }

    /** The open threads of the user's guilds, by guild, and the ids of those the user joined. */
    private record OpenThreads(Map<Snowflake, List<ThreadData>> byGuild, Set<Long> joined) {}

    private ObjectNode payload(
            Membership membership,
            List<RoleRow> roles,
            List<ChannelData> guildChannels,
            List<JsonNode> guildEmojis,
            List<InChannel<JsonNode>> guildEvents,
            List<InChannel<Object>> guildStages,
            List<InChannel<JsonNode>> guildVoice,
            OpenThreads open,
            PartialUser user) {
        GuildRow guild = membership.guild();
        GuildPermissions table = new GuildPermissions(
                guild.id().value(),
                guild.ownerId().value(),
                roles.stream().map(RoleRow::forPermissions).toList());
        List<ChannelData> visible =
                visibleTo(table, membership.member().forPermissions(), guildChannels, clock.instant());
        List<ThreadData> visibleThreads = ThreadVisibility.visible(
                table,
                membership.member().forPermissions(),
                guildChannels,
                open.byGuild().getOrDefault(guild.id(), List.of()),
                open.joined(),
                clock.instant());
        return GuildEvents.guildCreatePayload(
                mapper,
                GuildData.of(guild, roles.stream().map(RoleRow::data).toList(), guildEmojis, false),
                visible,
                visibleThreads,
                InChannel.seenIn(guildEvents, visible),
                InChannel.seenIn(guildStages, visible),
                InChannel.seenIn(guildVoice, visible),
                MemberData.of(membership.member(), user),
                guild.memberCount());
    }

    /** The channels the member can view: GUILD_CREATE never names a channel hidden from its receiver. */
    static List<ChannelData> visibleTo(
            GuildPermissions table, GuildMember member, List<ChannelData> channels, Instant now) {
        return channels.stream()
                .filter(channel -> (table.inChannel(member, channel.overwritesForPermissions(), now)
                                & Permission.VIEW_CHANNEL.bit())
                        != 0)
                .toList();
    }
}
