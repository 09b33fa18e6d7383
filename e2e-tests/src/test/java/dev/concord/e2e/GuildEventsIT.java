package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Guild events reach, through guild-service's outbox, Kafka and the gateway, the members who may see
 * them and no one else; READY lists the user's guilds and a GUILD_CREATE follows for each. That a user
 * did not get an event is shown by a later event of the same guild (same partition, delivered in order)
 * arriving first, not by waiting.
 */
@ExtendWith(LocalStackExtension.class)
class GuildEventsIT {

    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);
    private static final long VIEW_CHANNEL = 1 << 10;

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void guildEventsReachOnlyTheMembersWhoMaySeeThem() throws Exception {
        ApiClient.Login owner = api.newUser();
        ApiClient.Login joiner = api.newUser();
        String guildId;
        String visibleId;
        try (GatewaySession a = GatewaySession.identify(stack.gatewayUrl(), owner.token());
                GatewaySession b = GatewaySession.identify(stack.gatewayUrl(), joiner.token())) {
            assertThat(b.ready().path("d").path("guilds").size()).isZero();

            guildId = api.createGuild(owner.token(), "E2E guild").path("id").asString();
            JsonNode created = expect(a, "GUILD_CREATE");
            assertThat(created.path("d").path("id").asString()).isEqualTo(guildId);

            String hidden = api.createChannel(owner.token(), guildId, hiddenChannel("secret", guildId))
                    .path("id")
                    .asString();
            assertThat(expect(a, "CHANNEL_CREATE").path("d").path("id").asString())
                    .isEqualTo(hidden);

            String general = textChannel(api.channels(owner.token(), guildId), "general");
            String code = api.createInvite(owner.token(), general);
            api.acceptInvite(joiner.token(), code);

            // B's first guild event is its own GUILD_CREATE: not A's (whose member is A), nor a channel's.
            List<String> before = new ArrayList<>();
            JsonNode joined = b.next(DISPATCH_TIMEOUT);
            while (joined != null && !joined.path("t").asString().equals("GUILD_CREATE")) {
                before.add(joined.path("t").asString());
                joined = b.next(DISPATCH_TIMEOUT);
            }
            assertThat(joined).as("B's GUILD_CREATE; socket %s", b.state()).isNotNull();
            assertThat(before).as("dispatches before B's GUILD_CREATE").noneMatch(type -> type.startsWith("CHANNEL_"));
            assertThat(joined.path("d").path("id").asString()).isEqualTo(guildId);
            assertThat(memberIds(joined.path("d"))).containsExactly(joiner.userId());
            JsonNode memberAdd = expect(a, "GUILD_MEMBER_ADD");
            assertThat(memberAdd.path("d").path("user").path("id").asString()).isEqualTo(joiner.userId());

            String hiddenAgain = api.createChannel(owner.token(), guildId, hiddenChannel("secret-2", guildId))
                    .path("id")
                    .asString();
            visibleId = api.createChannel(owner.token(), guildId, Map.of("name", "open", "type", 0))
                    .path("id")
                    .asString();
            assertThat(expect(a, "CHANNEL_CREATE").path("d").path("id").asString())
                    .isEqualTo(hiddenAgain);
            assertThat(expect(a, "CHANNEL_CREATE").path("d").path("id").asString())
                    .isEqualTo(visibleId);
            // The hidden channel's CHANNEL_CREATE would have come first.
            assertThat(expect(b, "CHANNEL_CREATE").path("d").path("id").asString())
                    .isEqualTo(visibleId);
        }

        try (GatewaySession again = GatewaySession.identify(stack.gatewayUrl(), joiner.token())) {
            JsonNode ready = again.ready();
            assertThat(ready.path("d").path("guilds")).hasSize(1);
            assertThat(ready.path("d").path("guilds").path(0).path("id").asString())
                    .isEqualTo(guildId);
            assertThat(ready.path("d")
                            .path("guilds")
                            .path(0)
                            .path("unavailable")
                            .asBoolean())
                    .isTrue();
            JsonNode guild = again.next(DISPATCH_TIMEOUT);
            assertThat(guild)
                    .as("GUILD_CREATE after READY; socket %s", again.state())
                    .isNotNull();
            assertThat(guild.path("t").asString()).isEqualTo("GUILD_CREATE");
            assertThat(guild.path("s").asLong()).isEqualTo(ready.path("s").asLong() + 1);
            assertThat(guild.path("d").path("id").asString()).isEqualTo(guildId);
            assertThat(channelIds(guild.path("d"))).contains(visibleId);
        }
    }

    /** A text channel @everyone (the role whose id is the guild's) may not view. */
    private static Map<String, Object> hiddenChannel(String name, String guildId) {
        return Map.of(
                "name",
                name,
                "type",
                0,
                "permission_overwrites",
                List.of(Map.of("id", guildId, "type", 0, "allow", "0", "deny", Long.toString(VIEW_CHANNEL))));
    }

    private static JsonNode expect(GatewaySession session, String type) throws InterruptedException {
        JsonNode dispatch = session.next(type, DISPATCH_TIMEOUT);
        assertThat(dispatch)
                .as("%s within %s; socket %s", type, DISPATCH_TIMEOUT, session.state())
                .isNotNull();
        return dispatch;
    }

    private static String textChannel(JsonNode channels, String name) {
        for (JsonNode channel : channels) {
            if (channel.path("type").asInt() == 0
                    && channel.path("name").asString().equals(name)) {
                return channel.path("id").asString();
            }
        }
        throw new AssertionError("no text channel " + name + " in " + channels);
    }

    private static List<String> memberIds(JsonNode guild) {
        List<String> ids = new ArrayList<>();
        guild.path("members")
                .forEach(member -> ids.add(member.path("user").path("id").asString()));
        return ids;
    }

    private static List<String> channelIds(JsonNode guild) {
        List<String> ids = new ArrayList<>();
        guild.path("channels").forEach(channel -> ids.add(channel.path("id").asString()));
        return ids;
    }
}
