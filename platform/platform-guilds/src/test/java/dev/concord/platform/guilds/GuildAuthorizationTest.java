package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;

/** Answers, their caching and batching, paging of members, expiry, and overwrite questions. */
class GuildAuthorizationTest extends GuildAuthorizationFixture {

    @Test
    void aMembersPermissionsAndNothingForAStranger() {
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.permissions(GUILD, OWNER).block()).isEqualTo(Permission.ALL);
        StepVerifier.create(authorization.permissions(GUILD, STRANGER)).verifyComplete();

        GuildServiceFake.Request sent = server.requests().get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/internal/guilds/" + GUILD.asString() + "/permissions");
        assertThat(sent.userIds()).containsExactly(MEMBER.asString());
        assertThat(sent.body().has("channel_id")).isFalse();
    }

    @Test
    void answersAreCachedStrangersIncluded() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, STRANGER).block();
        assertThat(server.requestCount()).isEqualTo(2);

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        StepVerifier.create(authorization.permissions(GUILD, STRANGER)).verifyComplete();
        assertThat(authorization.isMember(GUILD, MEMBER).block()).isTrue();
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void permissionsInAChannelAreCachedApartFromTheGuilds() {
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block())
                .isEqualTo(MEMBER_PERMISSIONS & CHANNEL_MASK);
        assertThat(server.requests().get(0).body().path("channel_id").asString())
                .isEqualTo(CHANNEL.asString());
        StepVerifier.create(authorization.permissions(GUILD, CHANNEL, STRANGER)).verifyComplete();

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block())
                .isEqualTo(MEMBER_PERMISSIONS & CHANNEL_MASK);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void manyUsersAskOnlyForThoseNotCached() {
        Snowflake second = Snowflake.of(80351110224678914L);
        Snowflake third = Snowflake.of(80351110224678915L);
        guild.member(second.value(), Permission.VIEW_CHANNEL.bit());
        guild.member(third.value(), 0L);
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, OWNER).block();

        Map<Snowflake, Long> answers = authorization
                .permissions(GUILD, null, List.of(OWNER, MEMBER, second, third, STRANGER, second))
                .block();

        assertThat(answers)
                .containsOnly(
                        Map.entry(OWNER, Permission.ALL),
                        Map.entry(MEMBER, MEMBER_PERMISSIONS),
                        Map.entry(second, Permission.VIEW_CHANNEL.bit()),
                        Map.entry(third, 0L));
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requests().get(2).userIds())
                .containsExactly(second.asString(), third.asString(), STRANGER.asString());

        assertThat(authorization
                        .permissions(GUILD, null, List.of(MEMBER, STRANGER, third))
                        .block())
                .containsOnlyKeys(MEMBER, third);
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(authorization.permissions(GUILD, null, List.of()).block()).isEmpty();
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void moreThanAThousandUsersGoInBatchesOfAThousand() {
        List<Snowflake> users = new ArrayList<>();
        for (long i = 0; i < 2500; i++) {
            long id = 90351110224678912L + i;
            users.add(Snowflake.of(id));
            if (i % 2 == 0) {
                guild.member(id, i);
            }
        }

        Map<Snowflake, Long> answers =
                authorization.permissions(GUILD, CHANNEL, users).block();

        assertThat(answers).hasSize(1250);
        assertThat(answers.get(Snowflake.of(90351110224678912L + 1234))).isEqualTo(1234L & CHANNEL_MASK);
        assertThat(answers).doesNotContainKey(Snowflake.of(90351110224678912L + 1235));
        assertThat(server.requests())
                .extracting(request -> request.userIds().size())
                .containsExactlyInAnyOrder(1000, 1000, 500);
        assertThat(server.requests().stream()
                        .flatMap(request -> request.userIds().stream())
                        .distinct()
                        .count())
                .isEqualTo(2500);

        assertThat(authorization.permissions(GUILD, CHANNEL, users).block()).isEqualTo(answers);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void hasNeedsEveryPermissionAndMembership() {
        assertThat(authorization
                        .has(GUILD, null, MEMBER, Permission.VIEW_CHANNEL, Permission.MANAGE_MESSAGES)
                        .block())
                .isTrue();
        assertThat(authorization
                        .has(GUILD, CHANNEL, MEMBER, Permission.VIEW_CHANNEL, Permission.MANAGE_MESSAGES)
                        .block())
                .isFalse();
        assertThat(authorization
                        .has(GUILD, CHANNEL, MEMBER, Permission.SEND_MESSAGES)
                        .block())
                .isTrue();
        assertThat(authorization
                        .has(GUILD, null, MEMBER, Permission.BAN_MEMBERS)
                        .block())
                .isFalse();
        assertThat(authorization
                        .has(GUILD, null, OWNER, Permission.BAN_MEMBERS, Permission.ADMINISTRATOR)
                        .block())
                .isTrue();
        assertThat(authorization.has(GUILD, null, STRANGER).block()).isFalse();
        assertThat(authorization.has(GUILD, null, MEMBER).block()).isTrue();

        assertThat(authorization.isMember(GUILD, MEMBER).block()).isTrue();
        assertThat(authorization.isMember(GUILD, STRANGER).block()).isFalse();
        assertThat(authorization.isMember(OTHER_GUILD, OWNER).block()).isFalse();
    }

    @Test
    void membersArePagedThroughAndCached() {
        long first = 100351110224678912L;
        LongStream.range(0, 25_001).forEach(i -> guild.member(first + i * 3, 0L));

        Set<Snowflake> members = authorization.members(GUILD).block();

        assertThat(members).hasSize(25_003).contains(OWNER, MEMBER, Snowflake.of(first + 25_000 * 3));
        List<GuildServiceFake.Request> pages = server.requestsTo("/members");
        assertThat(pages).hasSize(3);
        assertThat(pages)
                .allSatisfy(page -> assertThat(page.query().get("limit")).containsExactly("10000"));
        assertThat(pages.get(0).query().get("after")).containsExactly("0");
        List<Long> sorted = guild.memberIds();
        assertThat(pages.get(1).query().get("after")).containsExactly(Long.toString(sorted.get(9_999)));
        assertThat(pages.get(2).query().get("after")).containsExactly(Long.toString(sorted.get(19_999)));
        assertThat(List.copyOf(members)).extracting(Snowflake::value).isEqualTo(sorted);

        assertThat(authorization.members(GUILD).block()).isSameAs(members);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void aMembersObjectComesWithoutItsUserIsCachedAndForgottenWithTheGuild() {
        JsonNode member = authorization.member(GUILD, MEMBER).block();

        assertThat(member.has("user")).isFalse();
        assertThat(member.get("joined_at").isString()).isTrue();
        assertThat(member.get("roles").isArray()).isTrue();
        StepVerifier.create(authorization.member(GUILD, STRANGER)).verifyComplete();
        GuildServiceFake.Request sent = server.requests().get(0);
        assertThat(sent.path()).isEqualTo("/internal/guilds/" + GUILD.asString() + "/members/search");
        assertThat(sent.userIds()).containsExactly(MEMBER.asString());

        assertThat(authorization.member(GUILD, MEMBER).block()).isEqualTo(member);
        StepVerifier.create(authorization.member(GUILD, STRANGER)).verifyComplete();
        assertThat(server.requestCount())
                .as("both answers kept, the stranger's too")
                .isEqualTo(2);

        authorization.forget(GUILD);
        authorization.member(GUILD, MEMBER).block();
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void aSmallGuildIsOnePage() {
        assertThat(authorization.members(OTHER_GUILD).block()).containsExactly(MEMBER);
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void answersExpireAfterTheTtl() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.members(GUILD).block();
        nanos.addAndGet(TTL.toNanos() - 1);
        authorization.permissions(GUILD, MEMBER).block();
        authorization.members(GUILD).block();
        assertThat(server.requestCount()).isEqualTo(2);

        nanos.addAndGet(2);
        guild.member(MEMBER.value(), 0L);
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isZero();
        authorization.members(GUILD).block();
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void overwritesAreSentAndNeverCached() {
        Snowflake second = Snowflake.of(80351110224678914L);
        guild.member(second.value(), Permission.bits(Permission.VIEW_CHANNEL, Permission.SPEAK));
        JsonNode overwrites = Json.mapper().readTree("""
                [{"id":"%s","type":0,"allow":"0","deny":"%d"}]""".formatted(GUILD.asString(), Permission.VIEW_CHANNEL.bit()));

        Map<Snowflake, Long> answers = authorization
                .permissionsForOverwrites(GUILD, overwrites, List.of(MEMBER, second, STRANGER))
                .block();

        assertThat(answers)
                .containsOnly(
                        Map.entry(MEMBER, MEMBER_PERMISSIONS & ~Permission.VIEW_CHANNEL.bit()),
                        Map.entry(second, Permission.SPEAK.bit()));
        JsonNode sent = server.requests().get(0).body();
        assertThat(sent.get("overwrites")).isEqualTo(overwrites);
        assertThat(sent.has("channel_id")).isFalse();

        authorization
                .permissionsForOverwrites(GUILD, overwrites, List.of(MEMBER))
                .block();
        assertThat(server.requestCount()).isEqualTo(2);
        // Nor do they fill the guild-level cache.
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void overwritesForManyUsersGoInBatches() {
        List<Snowflake> users = new ArrayList<>(List.of(MEMBER));
        LongStream.range(0, 1200).forEach(i -> users.add(Snowflake.of(90351110224678912L + i)));
        Map<Snowflake, Long> answers = authorization
                .permissionsForOverwrites(GUILD, Json.mapper().readTree("[]"), users)
                .block();
        assertThat(answers).containsOnly(Map.entry(MEMBER, MEMBER_PERMISSIONS));
        assertThat(server.requests())
                .extracting(request -> request.userIds().size())
                .containsExactlyInAnyOrder(1000, 201);
    }
}
