package dev.concord.guild.guilds;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.automod.ProfileRules;
import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.InChannel;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.guild.members.MemberData;
import dev.concord.guild.scheduledevents.GuildScheduledEvents;
import dev.concord.guild.stages.GuildStageInstances;
import dev.concord.guild.threads.ThreadData;
import dev.concord.guild.threads.ThreadStore;
import dev.concord.guild.threads.ThreadVisibility;
import dev.concord.guild.voicestates.GuildVoiceStates;
import dev.concord.platform.automod.ProfileInput;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Users becoming and ceasing to be members of guilds: the limit on how many one may be in, the member
 * row, and the events that give the guild to a new member (or take it from a leaving one) and tell the
 * others. Callers own the transaction.
 */
@Component
public final class GuildJoins {

    /** How many guilds one user may be in, as on the platform for an account without a subscription. */
    static final int MAX_GUILDS_PER_USER = 100;

    private final GuildStore store;
    private final AccessStore rows;
    private final ChannelStore channels;
    private final ThreadStore threads;
    private final GuildAccesses accesses;
    private final UserDirectory users;
    private final GuildEmojis emojis;
    private final GuildScheduledEvents events;
    private final GuildStageInstances stages;
    private final GuildVoiceStates voice;
    private final ProfileRules profileRules;
    private final Outbox outbox;
    private final JsonMapper mapper;
    private final Clock clock;

    GuildJoins(
            GuildStore store,
            AccessStore rows,
            ChannelStore channels,
            ThreadStore threads,
            GuildAccesses accesses,
            UserDirectory users,
            GuildEmojis emojis,
            GuildScheduledEvents events,
            GuildStageInstances stages,
            GuildVoiceStates voice,
            ProfileRules profileRules,
            Outbox outbox,
            JsonMapper mapper,
            Clock clock) {
        this.store = store;
        this.rows = rows;
        this.channels = channels;
        this.threads = threads;
        this.accesses = accesses;
        this.users = users;
        this.emojis = emojis;
        this.events = events;
        this.stages = stages;
        this.voice = voice;
        this.profileRules = profileRules;
        this.outbox = outbox;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** Holds the guild's row until the transaction ends, so joins to one guild apply one at a time. */
    public Mono<Void> lock(Snowflake guildId) {
        return rows.findForUpdate(guildId).then();
    }

    /**
     * Makes the user a member of a guild whose row the caller holds ({@link #lock}): GUILD_CREATE to them,
     * GUILD_MEMBER_ADD to the guild. False, and nothing changes, when they already are a member; 400 30001
     * when they are in as many guilds as one may be.
     */
    public Mono<Boolean> join(Snowflake guildId, Snowflake userId) {
        return isMember(guildId, userId)
                .flatMap(member -> member
                        ? Mono.just(false)
                        : checkLimit(userId)
                                .then(judgeNames(guildId, userId))
                                .flatMap(verdict -> addMember(
                                                guildId,
                                                userId,
                                                List.of(),
                                                verdict.quarantines() ? ProfileRules.QUARANTINED_USERNAME : 0)
                                        .flatMap(joined -> outbox.append(
                                                GuildEvents.guildMemberAdd(mapper, guildId, joined.member())))
                                        .then(outbox.appendAll(
                                                profileRules.events(verdict, ProfileRules.Occasion.GUILD_JOIN))))
                                .thenReturn(true));
    }

    /**
     * The guild's USER_PROFILE rule on the joining user's names: a name it flags with QUARANTINE_USER
     * makes them join quarantined (the platform's AUTOMOD_QUARANTINED_USERNAME member flag).
     */
    private Mono<ProfileRules.Verdict> judgeNames(Snowflake guildId, Snowflake userId) {
        return user(userId)
                .flatMap(user -> profileRules.judge(
                        guildId, userId, new ProfileInput(user.username(), user.globalName(), null, Set.of())));
    }

    public Mono<Boolean> isMember(Snowflake guildId, Snowflake userId) {
        return rows.member(guildId, userId).hasElement();
    }

    /**
     * Makes a bot a member of a guild whose row the caller holds, with its managed role when it has one:
     * GUILD_CREATE to the bot, GUILD_MEMBER_ADD to the guild. Bots have no limit on their guilds (the
     * platform shards them instead).
     */
    public Mono<MemberData> joinBot(Snowflake guildId, Snowflake botId, List<Snowflake> roleIds) {
        return addMember(guildId, botId, roleIds, 0)
                .flatMap(joined -> outbox.append(GuildEvents.guildMemberAdd(mapper, guildId, joined.member()))
                        .thenReturn(joined.member()));
    }

    /** 400 30001 when the user is already in as many guilds as one may be. */
    Mono<Void> checkLimit(Snowflake userId) {
        return store.countGuildsOf(userId)
                .flatMap(count -> count >= MAX_GUILDS_PER_USER
                        ? Mono.error(GuildErrors.tooManyGuilds(MAX_GUILDS_PER_USER))
                        : Mono.empty());
    }

    /** The guild as its new member reads it, and that member. */
    record Joined(GuildData guild, MemberData member) {}

    /** Adds the member, then reads back what was written and records GUILD_CREATE for them. */
    Mono<Joined> addMember(Snowflake guildId, Snowflake userId, List<Snowflake> roleIds, int flags) {
        return store.insertMember(guildId, userId, roleIds, flags)
                .then(accesses.load(guildId, userId, false))
                .flatMap(access -> Mono.zip(
                                channels.list(guildId).collectList(),
                                user(userId),
                                threads.open(guildId).collectList(),
                                emojis.of(guildId),
                                events.of(guildId),
                                stages.of(List.of(guildId)),
                                voice.of(List.of(guildId)))
                        .flatMap(read -> {
                            GuildData guild = GuildData.of(access.guild(), access.roles(), read.getT4(), false);
                            MemberData member = MemberData.of(access.membership(), read.getT2());
                            List<ChannelData> visible = ReadyGuilds.visibleTo(
                                    access.permissions(), access.member(), read.getT1(), clock.instant());
                            // A new member has joined no thread: they see the public ones, and private ones
                            // only if they manage threads.
                            List<ThreadData> visibleThreads = ThreadVisibility.visible(
                                    access.permissions(),
                                    access.member(),
                                    read.getT1(),
                                    read.getT3(),
                                    Set.of(),
                                    clock.instant());
                            return outbox.append(GuildEvents.guildCreate(
                                            mapper,
                                            guild,
                                            visible,
                                            visibleThreads,
                                            InChannel.seenIn(read.getT5(), visible),
                                            InChannel.seenIn(read.getT6().getOrDefault(guildId, List.of()), visible),
                                            InChannel.seenIn(read.getT7().getOrDefault(guildId, List.of()), visible),
                                            member,
                                            access.guild().memberCount()))
                                    .thenReturn(new Joined(guild, member));
                        }));
    }

    /**
     * The user stops being a member (they left or were removed): GUILD_MEMBER_REMOVE to the guild,
     * GUILD_DELETE to them. False, and nothing changes, when they were not a member.
     */
    public Mono<Boolean> remove(Snowflake guildId, Snowflake userId) {
        return store.deleteMember(guildId, userId)
                .flatMap(removed -> !removed
                        ? Mono.just(false)
                        : user(userId)
                                .flatMap(user -> outbox.append(GuildEvents.memberRemove(guildId, user)))
                                .then(outbox.append(GuildEvents.guildDelete(guildId, List.of(userId))))
                                .thenReturn(true));
    }

    /** The user, from the identity replica or, while their USER_CREATE is in flight, from their owner. */
    public Mono<PartialUser> user(Snowflake userId) {
        return users.require(userId);
    }
}
