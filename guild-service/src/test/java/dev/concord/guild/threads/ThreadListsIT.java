package dev.concord.guild.threads;

import static dev.concord.platform.events.EventTypes.THREAD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.service.BatchedSweep;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The open and archived thread lists, the archive sweep, and threads in the guilds a session receives. */
class ThreadListsIT extends ThreadApiSupport {

    @Autowired
    @Qualifier("threadArchiveSweep")
    BatchedSweep archiveSweep;

    @Test
    void theActiveListShowsWhatEachMemberMaySee() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String open = thread(guild.owner(), guild.general(), "\"name\": \"open\", \"type\": 11");
        String secret = thread(guild.owner(), guild.general(), "\"name\": \"secret\", \"type\": 12");
        String archived = thread(guild.owner(), guild.general(), "\"name\": \"old\", \"type\": 11");
        patch(guild.owner(), archived, "{\"archived\": true}");

        JsonNode forOwner =
                get(guild.owner(), "/guilds/" + guild.id() + "/threads/active").body();
        JsonNode forMember =
                get(member, "/guilds/" + guild.id() + "/threads/active").body();

        assertThat(forOwner.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(open, secret);
        assertThat(forOwner.get("members").valueStream().map(m -> m.get("id").asString()))
                .containsExactly(open, secret);
        assertThat(forOwner.get("has_more").asBoolean()).isFalse();
        assertThat(forMember.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(open);
        assertThat(forMember.get("members")).isEmpty();
        assertThat(get(newUser("stranger"), "/guilds/" + guild.id() + "/threads/active")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.GET, "/guilds/" + guild.id() + "/threads/active", null, null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void archivedListsPageByWhenThreadsWereArchived() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String first = thread(guild.owner(), guild.general(), "\"name\": \"a\", \"type\": 11");
        String second = thread(guild.owner(), guild.general(), "\"name\": \"b\", \"type\": 11");
        String third = thread(guild.owner(), guild.general(), "\"name\": \"c\", \"type\": 11");
        String secret = thread(member, guild.general(), "\"name\": \"s\", \"type\": 12");
        for (String id : new String[] {first, second, third}) {
            patch(guild.owner(), id, "{\"archived\": true}");
        }
        patch(member, secret, "{\"archived\": true}");
        String base = "/channels/" + guild.general() + "/threads/archived/";

        JsonNode page = get(member, base + "public?limit=2").body();
        String before = page.get("threads")
                .get(1)
                .get("thread_metadata")
                .get("archive_timestamp")
                .asString();
        JsonNode rest = get(member, base + "public?limit=2&before=" + before).body();
        JsonNode privateForOwner = get(guild.owner(), base + "private").body();
        JsonNode joined = get(member, "/channels/" + guild.general() + "/users/@me/threads/archived/private")
                .body();

        assertThat(page.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(third, second);
        assertThat(page.get("has_more").asBoolean()).isTrue();
        assertThat(rest.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(first);
        assertThat(rest.get("has_more").asBoolean()).isFalse();
        assertThat(privateForOwner.get("threads").valueStream().map(t -> t.get("id")
                        .asString()))
                .containsExactly(secret);
        assertThat(get(member, base + "private").body().get("code").asInt())
                .as("MANAGE_THREADS for every private one")
                .isEqualTo(50013);
        assertThat(joined.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(secret);
        assertThat(joined.get("members").get(0).get("user_id").asString()).isEqualTo(member.asString());
        assertThat(get(member, base + "public?before=yesterday")
                        .body()
                        .at("/errors/before/_errors/0/code")
                        .asString())
                .isEqualTo("DATE_TIME_TYPE_PARSE");
        assertThat(get(member, base + "public?limit=1").body().has("errors")).isTrue();
        assertThat(call(HttpMethod.GET, base + "public", null, null).status()).isEqualTo(401);
    }

    @Test
    void aThreadNobodyWritesInArchivesItself() {
        Guild guild = newGuild();
        String quiet = thread(guild.owner(), guild.general(), "\"name\": \"quiet\", \"type\": 11");
        String busy = thread(guild.owner(), guild.general(), "\"name\": \"busy\", \"type\": 11");
        db.sql("UPDATE threads SET archive_due_at = now() - interval '1 minute' WHERE id = :id")
                .bind("id", Long.parseLong(quiet))
                .then()
                .block(Duration.ofSeconds(5));

        archiveSweep.sweep().block(Duration.ofSeconds(10));

        assertThat(get(guild.owner(), "/channels/" + quiet)
                        .body()
                        .at("/thread_metadata/archived")
                        .asBoolean())
                .isTrue();
        assertThat(get(guild.owner(), "/channels/" + busy)
                        .body()
                        .at("/thread_metadata/archived")
                        .asBoolean())
                .isFalse();
        JsonNode update = awaitEvent(e -> e.path("type").asString().equals(THREAD_UPDATE)
                && e.at("/data/id").asString().equals(quiet));
        assertThat(update.at("/data/thread_metadata/archived").asBoolean()).isTrue();
    }

    @Test
    void aSessionsGuildsCarryTheOpenThreadsItsUserSees() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member, addRole(guild.id(), 1, Permission.VIEW_CHANNEL.bit()));
        String open = thread(guild.owner(), guild.general(), "\"name\": \"open\", \"type\": 11");
        thread(guild.owner(), guild.general(), "\"name\": \"secret\", \"type\": 12");

        JsonNode guilds = call(HttpMethod.GET, "/internal/users/" + member.asString() + "/guilds", INTERNAL, null)
                .body();

        JsonNode ours = guilds.valueStream()
                .filter(g -> g.get("id").asString().equals(guild.id()))
                .findFirst()
                .orElseThrow();
        assertThat(ours.get("threads").valueStream().map(t -> t.get("id").asString()))
                .containsExactly(open);
    }
}
