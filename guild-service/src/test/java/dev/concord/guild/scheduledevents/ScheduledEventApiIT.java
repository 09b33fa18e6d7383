package dev.concord.guild.scheduledevents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Scheduled events through HTTP: made, listed, changed, moved through their statuses, deleted; who may; bad input. */
class ScheduledEventApiIT extends GuildApiSupport {

    record Guild(String id, Snowflake owner) {
        String events() {
            return "/guilds/" + id + "/scheduled-events";
        }

        String event(Object eventId) {
            return events() + "/" + eventId;
        }
    }

    @Test
    void anExternalEventIsMadeListedMovedThroughItsStatusesAndDeleted() {
        Guild guild = newGuild();
        Instant start = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);

        Response made = as(guild.owner(), HttpMethod.POST, guild.events(), external("Launch party", start, "Mars"));

        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(200);
        JsonNode event = made.body();
        String id = event.get("id").asString();
        assertThat(event.get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(event.get("name").asString()).isEqualTo("Launch party");
        assertThat(event.get("channel_id").isNull()).isTrue();
        assertThat(event.get("creator_id").asString()).isEqualTo(guild.owner().asString());
        assertThat(event.get("creator").get("id").asString())
                .isEqualTo(guild.owner().asString());
        assertThat(Instant.parse(event.get("scheduled_start_time").asString())).isEqualTo(start);
        assertThat(Instant.parse(event.get("scheduled_end_time").asString())).isEqualTo(start.plusSeconds(3600));
        assertThat(event.get("status").asInt()).isEqualTo(1);
        assertThat(event.get("entity_type").asInt()).isEqualTo(3);
        assertThat(event.get("privacy_level").asInt()).isEqualTo(2);
        assertThat(event.get("entity_metadata").get("location").asString()).isEqualTo("Mars");
        assertThat(event.get("recurrence_rule").isNull()).isTrue();
        assertThat(event.has("user_count")).isFalse();
        assertThat(count("SELECT count(*) FROM scheduled_events WHERE id = :id AND status = 1", Snowflake.parse(id)))
                .isEqualTo(1);
        JsonNode created = awaitEvent("GUILD_SCHEDULED_EVENT_CREATE", guild.id());
        assertThat(created.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(created.get("data").get("id").asString()).isEqualTo(id);

        assertThat(get(guild.owner(), guild.events()).body()).hasSize(1);
        assertThat(get(guild.owner(), guild.event(id) + "?with_user_count=true")
                        .body()
                        .get("user_count")
                        .asInt())
                .isZero();

        JsonNode renamed = patch(guild, id, "{\"name\": \"Launch\", \"description\": \"Rockets\"}");
        assertThat(renamed.get("name").asString()).isEqualTo("Launch");
        assertThat(renamed.get("description").asString()).isEqualTo("Rockets");
        assertThat(awaitEvent("GUILD_SCHEDULED_EVENT_UPDATE", guild.id())
                        .get("data")
                        .get("name")
                        .asString())
                .isEqualTo("Launch");

        assertThat(patch(guild, id, "{\"status\": 2}").get("status").asInt()).isEqualTo(2);
        Response back = as(guild.owner(), HttpMethod.PATCH, guild.event(id), "{\"status\": 1}");
        assertThat(back.status()).isEqualTo(400);
        assertThat(back.body().get("errors").get("status").toString())
                .contains("GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION");
        assertThat(patch(guild, id, "{\"status\": 3}").get("status").asInt()).isEqualTo(3);
        Response finished = as(guild.owner(), HttpMethod.PATCH, guild.event(id), "{\"name\": \"Again\"}");
        assertThat(finished.status()).isEqualTo(400);
        assertThat(finished.body().get("code").asInt()).isEqualTo(180000);
        assertThat(get(guild.owner(), guild.events()).body())
                .as("a completed event is no longer listed")
                .isEmpty();

        assertThat(as(guild.owner(), HttpMethod.DELETE, guild.event(id), null).status())
                .isEqualTo(204);
        assertThat(awaitEvent("GUILD_SCHEDULED_EVENT_DELETE", guild.id())
                        .get("data")
                        .get("id")
                        .asString())
                .isEqualTo(id);
        Response gone = get(guild.owner(), guild.event(id));
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().get("code").asInt()).isEqualTo(10070);
    }

    @Test
    void aStageEventIsHeldInAStageChannelByItsModeratorsAndSeenByThoseWhoSeeIt() {
        Guild guild = newGuild();
        String stage = channel(guild, "{\"name\": \"stage\", \"type\": 13}");
        String voice = channel(guild, "{\"name\": \"voice\", \"type\": 2}");
        String hidden = channel(
                guild,
                "{\"name\": \"hidden\", \"type\": 13, \"permission_overwrites\": [{\"id\": \"" + guild.id()
                        + "\", \"type\": 0, \"deny\": \"1024\"}]}");
        Snowflake creator = newUser("creator");
        addMember(guild.id(), creator);
        Snowflake moderator = newUser("moderator");
        long moderates =
                Permission.MANAGE_CHANNELS.bit() | Permission.MUTE_MEMBERS.bit() | Permission.MOVE_MEMBERS.bit();
        addMember(guild.id(), moderator, addRole(guild.id(), 1, moderates));
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS);

        Response wrongKind = as(guild.owner(), HttpMethod.POST, guild.events(), inChannel(1, voice, start));
        assertThat(wrongKind.status()).isEqualTo(400);
        assertThat(wrongKind.body().get("errors").get("channel_id").toString()).contains("CHANNEL_INVALID");
        assertThat(as(creator, HttpMethod.POST, guild.events(), inChannel(1, stage, start))
                        .status())
                .as("CREATE_EVENTS alone does not moderate the stage")
                .isEqualTo(403);
        Response made = as(moderator, HttpMethod.POST, guild.events(), inChannel(1, stage, start));
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(200);
        assertThat(made.body().get("channel_id").asString()).isEqualTo(stage);
        assertThat(made.body().get("entity_metadata").isNull()).isTrue();
        JsonNode created = awaitEvent("GUILD_SCHEDULED_EVENT_CREATE", guild.id());
        assertThat(created.get("audience"))
                .isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"channel_id\": \"" + stage + "\"}"));
        assertThat(as(creator, HttpMethod.POST, guild.events(), inChannel(2, voice, start))
                        .status())
                .as("a voice event: VIEW_CHANNEL and CONNECT, which everyone has")
                .isEqualTo(200);
        String secret = as(guild.owner(), HttpMethod.POST, guild.events(), inChannel(1, hidden, start))
                .body()
                .get("id")
                .asString();

        assertThat(get(guild.owner(), guild.events()).body()).hasSize(3);
        assertThat(get(creator, guild.events()).body())
                .as("the event in a channel the member cannot see is not listed")
                .hasSize(2);
        assertThat(get(creator, guild.event(secret)).body().get("code").asInt()).isEqualTo(10070);

        String stageEvent = made.body().get("id").asString();
        assertThat(as(creator, HttpMethod.PATCH, guild.event(stageEvent), "{\"name\": \"mine now\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.event(stageEvent), "{\"channel_id\": \"" + voice + "\"}")
                        .body()
                        .get("errors")
                        .get("channel_id")
                        .toString())
                .as("a stage event stays in a stage channel unless its type changes")
                .contains("CHANNEL_INVALID");
        JsonNode moved = patch(
                guild,
                stageEvent,
                "{\"entity_type\": 3, \"channel_id\": null, \"entity_metadata\": {\"location\": \"Park\"},"
                        + " \"scheduled_end_time\": \"" + start.plusSeconds(600) + "\"}");
        assertThat(moved.get("entity_type").asInt()).isEqualTo(3);
        assertThat(moved.get("channel_id").isNull()).isTrue();
        assertThat(moved.get("entity_metadata").get("location").asString()).isEqualTo("Park");

        as(guild.owner(), HttpMethod.DELETE, "/channels/" + hidden, null);
        assertThat(count("SELECT count(*) FROM scheduled_events WHERE id = :id", Snowflake.parse(secret)))
                .as("a deleted channel takes its events")
                .isZero();
        assertThat(awaitEvent(e -> e.path("type").asString().equals("GUILD_SCHEDULED_EVENT_DELETE")
                        && e.path("data").path("id").asString().equals(secret)))
                .isNotNull();
    }

    @Test
    void guildCreateCarriesTheEventsNotYetOverThatItsReaderSees() {
        Guild guild = newGuild();
        String hidden = channel(
                guild,
                "{\"name\": \"hidden\", \"type\": 13, \"permission_overwrites\": [{\"id\": \"" + guild.id()
                        + "\", \"type\": 0, \"deny\": \"1024\"}]}");
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS);
        String open = as(guild.owner(), HttpMethod.POST, guild.events(), external("Open", start, "Square"))
                .body()
                .get("id")
                .asString();
        as(guild.owner(), HttpMethod.POST, guild.events(), inChannel(1, hidden, start));
        String text = channel(guild, "{\"name\": \"lobby\"}");
        String code = as(guild.owner(), HttpMethod.POST, "/channels/" + text + "/invites", "{}")
                .body()
                .get("code")
                .asString();
        Snowflake joiner = newUser("joiner");

        assertThat(as(joiner, HttpMethod.POST, "/invites/" + code, null).status())
                .isEqualTo(200);

        JsonNode joined = awaitEvent(e -> e.path("type").asString().equals("GUILD_CREATE")
                && e.path("audience").path("user_ids").toString().contains(joiner.asString()));
        JsonNode events = joined.get("data").get("guild_scheduled_events");
        assertThat(events)
                .as("the hidden stage's event is not the joiner's to see")
                .hasSize(1);
        assertThat(events.get(0).get("id").asString()).isEqualTo(open);
        assertThat(events.get(0).get("user_count").asInt()).isZero();
        JsonNode ready = call(
                        HttpMethod.GET,
                        "/internal/users/" + guild.owner().asString() + "/guilds",
                        InternalCredential.header(TestTokenKeys.internalSecret()),
                        null)
                .body();
        assertThat(ready.get(0).get("guild_scheduled_events"))
                .as("the owner sees both")
                .hasSize(2);
    }

    @Test
    void onesOwnEventsAreChangedWithCreateEventsAnyoneElsesWithManageEvents() {
        Guild guild = newGuild();
        Snowflake author = newUser("author");
        Snowflake other = newUser("other");
        Snowflake manager = newUser("manager");
        addMember(guild.id(), author);
        addMember(guild.id(), other);
        addMember(guild.id(), manager, addRole(guild.id(), 1, Permission.MANAGE_EVENTS.bit()));
        Instant start = Instant.now().plus(2, ChronoUnit.HOURS);
        String id = as(author, HttpMethod.POST, guild.events(), external("Mine", start, "Home"))
                .body()
                .get("id")
                .asString();

        assertThat(as(other, HttpMethod.PATCH, guild.event(id), "{\"name\": \"Theirs\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(other, HttpMethod.DELETE, guild.event(id), null).status()).isEqualTo(403);
        assertThat(as(author, HttpMethod.PATCH, guild.event(id), "{\"name\": \"Still mine\"}")
                        .status())
                .isEqualTo(200);
        assertThat(as(manager, HttpMethod.PATCH, guild.event(id), "{\"name\": \"Managed\"}")
                        .status())
                .isEqualTo(200);

        db.sql("UPDATE roles SET permissions = 0 WHERE id = :guild")
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();
        Response refused = as(author, HttpMethod.POST, guild.events(), external("No", start, "Nowhere"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50013);
        assertThat(as(author, HttpMethod.PATCH, guild.event(id), "{\"name\": \"Mine again\"}")
                        .status())
                .as("without CREATE_EVENTS not even one's own")
                .isEqualTo(403);
        assertThat(call(HttpMethod.GET, guild.events(), null, null).status()).isEqualTo(401);
        assertThat(get(newUser("stranger"), guild.events()).status()).isEqualTo(403);
    }

    @Test
    void badInputIsRefusedWithTheFieldNamedAndKeepsNothing() {
        Guild guild = newGuild();
        Instant start = Instant.now().plus(1, ChronoUnit.HOURS);
        String later = "\"" + start.plusSeconds(60) + "\"";

        assertThat(errors(guild, "{}").toString())
                .contains("name", "privacy_level", "scheduled_start_time", "entity_type");
        assertThat(errors(guild, external("x".repeat(101), start, "Mars"))
                        .get("name")
                        .toString())
                .contains("BASE_TYPE_BAD_LENGTH");
        assertThat(errors(guild, external("Bad", start, "x".repeat(101)))
                        .get("entity_metadata")
                        .toString())
                .contains("location");
        assertThat(errors(guild, base(3, start).replace("\"privacy_level\": 2", "\"privacy_level\": 1"))
                        .get("privacy_level")
                        .toString())
                .contains("BASE_TYPE_CHOICES");
        assertThat(errors(guild, base(4, start)).get("entity_type").toString()).contains("BASE_TYPE_CHOICES");
        JsonNode externalWithout = errors(guild, base(3, start));
        assertThat(externalWithout.get("entity_metadata").toString()).contains("BASE_TYPE_REQUIRED");
        assertThat(externalWithout.get("scheduled_end_time").toString()).contains("BASE_TYPE_REQUIRED");
        assertThat(errors(guild, base(1, start)).get("channel_id").toString()).contains("BASE_TYPE_REQUIRED");
        assertThat(errors(guild, external("Past", Instant.now().minusSeconds(3600), "Mars"))
                        .get("scheduled_start_time")
                        .toString())
                .contains("GUILD_SCHEDULED_EVENT_SCHEDULED_START_TIME_IN_PAST");
        assertThat(errors(
                                guild,
                                withFields(
                                        base(3, start),
                                        "\"entity_metadata\": {\"location\": \"Mars\"}, \"scheduled_end_time\": \""
                                                + start.minusSeconds(1) + "\""))
                        .get("scheduled_end_time")
                        .toString())
                .contains("GUILD_SCHEDULED_EVENT_END_BEFORE_START");
        assertThat(errors(guild, withFields(external("Img", start, "Mars"), "\"image\": \"data:text/plain;base64,AA\""))
                        .get("image")
                        .toString())
                .contains("IMAGE_INVALID");
        assertThat(errors(guild, recurring(start, "{\"start\": " + later + ", \"frequency\": 3, \"interval\": 2}"))
                        .get("recurrence_rule")
                        .get("interval")
                        .toString())
                .contains("GUILD_SCHEDULED_EVENT_RECURRENCE_RULE_INVALID");
        assertThat(errors(
                                guild,
                                recurring(
                                        start, "{\"start\": " + later + ", \"frequency\": 2, \"by_weekday\": [1, 2]}"))
                        .get("recurrence_rule")
                        .get("by_weekday")
                        .toString())
                .contains("one weekday");
        assertThat(errors(
                                guild,
                                recurring(
                                        start, "{\"start\": " + later + ", \"frequency\": 3, \"by_weekday\": [0, 2]}"))
                        .get("recurrence_rule")
                        .get("by_weekday")
                        .toString())
                .contains("known sets");
        assertThat(errors(guild, recurring(start, "{\"start\": " + later + ", \"frequency\": 0, \"count\": 3}"))
                        .get("recurrence_rule")
                        .get("count")
                        .toString())
                .contains("Cannot be set");
        assertThat(errors(
                                guild,
                                recurring(
                                        start,
                                        "{\"start\": " + later
                                                + ", \"frequency\": 1, \"by_weekday\": [1], \"by_n_weekday\": [{\"n\": 1, \"day\": 1}]}"))
                        .get("recurrence_rule")
                        .toString())
                .contains("exclude each other");
        assertThat(errors(
                                guild,
                                recurring(
                                        start,
                                        "{\"start\": " + later
                                                + ", \"frequency\": 0, \"by_month\": [2], \"by_month_day\": [30]}"))
                        .get("recurrence_rule")
                        .get("by_month_day")
                        .toString())
                .contains("no such day");

        assertThat(count("SELECT count(*) FROM scheduled_events WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
        assertThat(eventsAbout("GUILD_SCHEDULED_EVENT_CREATE", guild.id())).isEmpty();
    }

    @Test
    void aRecurrenceRuleIsKeptAsSent() {
        Guild guild = newGuild();
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);

        JsonNode rule = as(
                        guild.owner(),
                        HttpMethod.POST,
                        guild.events(),
                        recurring(
                                start,
                                "{\"start\": \"" + start
                                        + "\", \"frequency\": 2, \"interval\": 2, \"by_weekday\": [2]}"))
                .body()
                .get("recurrence_rule");

        assertThat(rule.get("frequency").asInt()).isEqualTo(2);
        assertThat(rule.get("interval").asInt()).isEqualTo(2);
        assertThat(rule.get("by_weekday").toString()).isEqualTo("[2]");
        assertThat(rule.get("by_n_weekday").isNull()).isTrue();
        assertThat(rule.get("by_month").isNull()).isTrue();
        assertThat(rule.get("by_month_day").isNull()).isTrue();
        assertThat(Instant.parse(rule.get("start").asString())).isEqualTo(start);
    }

    @Test
    void aGuildHasAtMostOneHundredEventsNotYetOver() {
        Guild guild = newGuild();
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS);
        db.sql("""
                        INSERT INTO scheduled_events (id, guild_id, name, start_time, end_time, privacy_level, status,
                                                      entity_type, location)
                        SELECT :base + n, :guild, 'e' || n, now() + interval '1 day', now() + interval '2 days', 2, 1, 3, 'x'
                        FROM generate_series(1, 100) n""")
                .bind("base", Long.parseLong(guild.id()) + 1_000)
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();

        Response refused = as(guild.owner(), HttpMethod.POST, guild.events(), external("101st", start, "Mars"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(30038);
        assertThat(count("SELECT count(*) FROM scheduled_events WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(100);
    }

    private Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Events\"}").body().get("id").asString(), owner);
    }

    private String channel(Guild guild, String body) {
        Response made = as(guild.owner(), HttpMethod.POST, "/guilds/" + guild.id() + "/channels", body);
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(201);
        return made.body().get("id").asString();
    }

    private JsonNode patch(Guild guild, String id, String body) {
        Response changed = as(guild.owner(), HttpMethod.PATCH, guild.event(id), body);
        assertThat(changed.status()).as(String.valueOf(changed.body())).isEqualTo(200);
        return changed.body();
    }

    private JsonNode errors(Guild guild, String body) {
        Response refused = as(guild.owner(), HttpMethod.POST, guild.events(), body);
        assertThat(refused.status()).as(String.valueOf(refused.body())).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
        return refused.body().get("errors");
    }

    static String base(int entityType, Instant start) {
        return "{\"name\": \"Event\", \"privacy_level\": 2, \"entity_type\": " + entityType
                + ", \"scheduled_start_time\": \"" + start + "\"}";
    }

    static String withFields(String body, String fields) {
        return body.substring(0, body.length() - 1) + ", " + fields + "}";
    }

    static String external(String name, Instant start, String location) {
        return "{\"name\": \"" + name + "\", \"privacy_level\": 2, \"entity_type\": 3, \"scheduled_start_time\": \""
                + start + "\", \"scheduled_end_time\": \"" + start.plusSeconds(3600)
                + "\", \"entity_metadata\": {\"location\": \"" + location + "\"}}";
    }

    static String inChannel(int entityType, String channelId, Instant start) {
        return withFields(base(entityType, start), "\"channel_id\": \"" + channelId + "\"");
    }

    private static String recurring(Instant start, String rule) {
        return withFields(external("Recurring", start, "Mars"), "\"recurrence_rule\": " + rule);
    }
}
