package dev.concord.presence.fanout;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.Membership;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The guilds each user is in, whose members' bots see their presence: asked of guild-service once and
 * kept in Redis ({@code presence:ug:<user>}, a set holding {@code 0} besides the ids, so that "in no
 * guild" is told from "not known") for {@link #TTL}, shared by every replica. A member event moves the
 * user's counter ({@code presence:ugv:<user>}) and drops the set; an answer fetched before such an event
 * is not kept. Without guild-service (it is not configured), users are in no guild.
 */
@Component
public final class UserGuilds {

    private static final Logger log = LoggerFactory.getLogger(UserGuilds.class);

    static final Duration TTL = Duration.ofMinutes(10);
    private static final String KNOWN = "0";

    /** Keeps a fetched answer only if no member event came since the fetch began. */
    private static final RedisScript KEEP = new RedisScript("""
            if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
            redis.call('DEL', KEYS[1])
            redis.call('SADD', KEYS[1], unpack(ARGV, 3))
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            return 1
            """);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final @Nullable GuildAuthorization guildService;

    UserGuilds(
            RedisReactiveCommands<String, String> redis,
            RedisSettings keys,
            ObjectProvider<GuildAuthorization> guildService) {
        this.redis = redis;
        this.keys = keys;
        this.guildService = guildService.getIfAvailable();
    }

    /** The user's guilds; none, for this change, when guild-service fails to say (logged). */
    public Mono<List<Snowflake>> of(Snowflake user) {
        return known(user).onErrorResume(failure -> {
            log.warn(
                    "guilds of user {} not fetched ({}); their presence goes to no guild this time",
                    user,
                    failure.toString());
            return Mono.just(List.of());
        });
    }

    private Mono<List<Snowflake>> known(Snowflake user) {
        if (guildService == null) {
            return Mono.just(List.of());
        }
        GuildAuthorization guilds = guildService;
        return redis.smembers(setKey(user)).collectList().flatMap(found -> {
            if (!found.isEmpty()) {
                return Mono.just(ids(found));
            }
            return redis.get(versionKey(user)).defaultIfEmpty("0").flatMap(version -> guilds.memberships(List.of(user))
                    .flatMap(memberships -> {
                        List<String> members = new ArrayList<>(memberships.size() + 3);
                        members.add(version);
                        members.add(Long.toString(TTL.toMillis()));
                        members.add(KNOWN);
                        memberships.stream()
                                .map(Membership::guildId)
                                .map(Snowflake::asString)
                                .forEach(members::add);
                        return KEEP.<Long>run(
                                        redis,
                                        ScriptOutputType.INTEGER,
                                        new String[] {setKey(user), versionKey(user)},
                                        members.toArray(String[]::new))
                                .then(Mono.just(ids(members.subList(2, members.size()))));
                    }));
        });
    }

    /**
     * The user's guilds from the members of their set ({@link #setKey}) as read along with another change;
     * asked as {@link #of} does when the set was not there.
     */
    public Mono<List<Snowflake>> of(Snowflake user, List<String> setMembers) {
        return setMembers.isEmpty() ? of(user) : Mono.just(ids(setMembers));
    }

    /** A member event: what is known of the user's guilds is known no more. */
    public Mono<Void> changed(Snowflake user) {
        return redis.incr(versionKey(user)).then(redis.del(setKey(user))).then();
    }

    private static List<Snowflake> ids(List<String> members) {
        return members.stream()
                .filter(id -> !id.equals(KNOWN))
                .map(Snowflake::parse)
                .toList();
    }

    /** Where the user's guilds are kept, for a script that reads them along with a change. */
    public String setKey(Snowflake user) {
        return keys.key("presence:ug:" + user.asString());
    }

    private String versionKey(Snowflake user) {
        return keys.key("presence:ugv:" + user.asString());
    }
}
