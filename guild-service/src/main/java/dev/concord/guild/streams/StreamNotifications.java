package dev.concord.guild.streams;

import static dev.concord.platform.events.EventTypes.NOTIFICATION_CENTER_ITEM_CREATE;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.SocialPolicies;
import dev.concord.platform.users.UserDirectory;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * {@code POST /streams/{stream_key}/notify}: the streamer (the key's user, connected to its channel)
 * tells their friends in the guild that they went live. Notified are the friends social-service names
 * (stream notifications on, no block) who are members of the guild and can view the channel; each gets a
 * notification center item ({@code go_live_push}) as NOTIFICATION_CENTER_ITEM_CREATE. A stream notifies
 * once: asking again while it lasts ({@code concord.streams.preview-ttl}) notifies nobody twice.
 */
@Service
final class StreamNotifications {

    static final String ITEM_TYPE = "go_live_push";

    private final LiveStreams streams;
    private final SocialPolicies social;
    private final AccessStore members;
    private final UserDirectory users;
    private final SnowflakeGenerator ids;
    private final Outbox outbox;
    private final RedisReactiveCommands<String, String> redis;
    private final Clock clock;
    private final String appUrl;
    private final Duration ttl;

    StreamNotifications(
            LiveStreams streams,
            SocialPolicies social,
            AccessStore members,
            UserDirectory users,
            SnowflakeGenerator ids,
            Outbox outbox,
            RedisReactiveCommands<String, String> redis,
            Clock clock,
            @Value("${concord.app-url:${CONCORD_APP_URL:http://localhost:8080}}") String appUrl,
            @Value("${concord.streams.preview-ttl:PT1H}") Duration ttl) {
        this.streams = streams;
        this.social = social;
        this.members = members;
        this.users = users;
        this.ids = ids;
        this.outbox = outbox;
        this.redis = redis;
        this.clock = clock;
        this.appUrl = appUrl;
        this.ttl = ttl;
    }

    Mono<Void> notify(StreamKey key, Snowflake userId) {
        String notified = "stream:notified:" + key.asString();
        return streams.ownChannel(key, userId).flatMap(channel -> redis.set(
                        notified, "1", SetArgs.Builder.nx().ex(ttl))
                .flatMap(first -> notifyFriends(key, channel, userId)
                        // Not notified after all (social-service unreachable): the streamer may ask again.
                        .onErrorResume(failure -> redis.del(notified).then(Mono.error(failure)))));
    }

    private Mono<Void> notifyFriends(StreamKey key, ChannelAccess channel, Snowflake userId) {
        return social.streamAudience(userId)
                .flatMap(friends -> viewers(channel, friends))
                .zipWith(users.require(userId))
                .flatMap(found -> outbox.appendAll(found.getT1().stream()
                        .map(friend -> item(key, channel, friend, found.getT2()))
                        .toList()));
    }

    /** Those of {@code friends} who are members of the guild and can view the stream's channel. */
    private Mono<List<Snowflake>> viewers(ChannelAccess channel, List<Snowflake> friends) {
        if (friends.isEmpty()) {
            return Mono.just(List.of());
        }
        Instant now = clock.instant();
        return members.members(channel.channel().guildId(), friends)
                .filter(member -> canView(channel, member, now))
                .map(MemberRow::userId)
                .collectList();
    }

    private static boolean canView(ChannelAccess channel, MemberRow member, Instant now) {
        long permissions = channel.access()
                .permissions()
                .inChannel(member.forPermissions(), channel.channel().overwritesForPermissions(), now);
        return (permissions & Permission.VIEW_CHANNEL.bit()) != 0;
    }

    private DomainEvent item(StreamKey key, ChannelAccess channel, Snowflake friend, PartialUser streamer) {
        String name = streamer.globalName() != null ? streamer.globalName() : streamer.username();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", ids.next());
        data.put("type", ITEM_TYPE);
        data.put("acked", false);
        data.put(
                "body",
                "**" + name + "** started streaming in **" + channel.channel().name() + "**");
        data.put("other_user", streamer);
        data.put("guild_id", key.guildId());
        data.put("channel_id", key.channelId());
        data.put(
                "deeplink",
                appUrl + "/channels/" + key.guildId().asString() + "/"
                        + key.channelId().asString());
        return new DomainEvent(NOTIFICATION_CENTER_ITEM_CREATE, friend.asString(), Audience.users(friend), data);
    }
}
