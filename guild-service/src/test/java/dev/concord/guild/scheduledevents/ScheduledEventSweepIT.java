package dev.concord.guild.scheduledevents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Time moves events: external ones start and end by their times, unstarted stage events are canceled, series go on. */
class ScheduledEventSweepIT extends GuildApiSupport {

    @Autowired
    @Qualifier("scheduledEventStatusSweep")
    BatchedSweep sweep;

    @Test
    void externalEventsStartAndEndByTheirTimesAndUnstartedStagesAreCanceled() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Timed\"}").body().get("id").asString();
        String stage = as(owner, HttpMethod.POST, "/guilds/" + guild + "/channels", "{\"name\": \"s\", \"type\": 13}")
                .body()
                .get("id")
                .asString();
        Instant soon = Instant.now().plus(1, ChronoUnit.HOURS);
        String starting = made(owner, guild, ScheduledEventApiIT.external("Starting", soon, "Here"));
        String ending = made(owner, guild, ScheduledEventApiIT.external("Ending", soon, "There"));
        String unstarted = made(owner, guild, ScheduledEventApiIT.inChannel(1, stage, soon));
        String weekly = made(
                owner,
                guild,
                ScheduledEventApiIT.withFields(
                        ScheduledEventApiIT.external("Weekly", soon, "Club"),
                        "\"recurrence_rule\": {\"start\": \"" + soon + "\", \"frequency\": 2}"));
        String future = made(owner, guild, ScheduledEventApiIT.external("Later", soon, "Later"));
        // As if their times had come: the sweep judges by the clock, the rows are moved back.
        moveBack(starting, Duration.ofMinutes(30));
        moveBack(ending, Duration.ofHours(3));
        moveBack(unstarted, Duration.ofHours(5));
        moveBack(weekly, Duration.ofHours(3));
        db.sql("UPDATE scheduled_events SET status = 2 WHERE id = :id")
                .bind("id", Long.parseLong(ending))
                .then()
                .block();

        assertThat(sweep.sweep().block()).isGreaterThanOrEqualTo(4L);

        assertThat(status(starting)).isEqualTo(2);
        assertThat(status(ending)).isEqualTo(3);
        assertThat(status(unstarted)).as("a stage nobody started is canceled").isEqualTo(4);
        assertThat(status(future)).isEqualTo(1);
        JsonNode series =
                get(owner, "/guilds/" + guild + "/scheduled-events/" + weekly).body();
        assertThat(series.get("status").asInt())
                .as("a weekly event goes on to next week")
                .isEqualTo(1);
        Instant next = Instant.parse(series.get("scheduled_start_time").asString());
        assertThat(next).isAfter(Instant.now()).isBefore(Instant.now().plus(8, ChronoUnit.DAYS));
        assertThat(Duration.between(
                        next, Instant.parse(series.get("scheduled_end_time").asString())))
                .isEqualTo(Duration.ofHours(1));
        assertThat(awaitEvent(e -> e.path("type").asString().equals("GUILD_SCHEDULED_EVENT_UPDATE")
                        && e.path("data").path("id").asString().equals(unstarted)
                        && e.path("data").path("status").asInt() == 4))
                .isNotNull();
        assertThat(sweep.sweep().block()).as("nothing is moved twice").isZero();
    }

    @Test
    void completingARecurringEventByHandMovesItToItsNextOccurrence() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Series\"}").body().get("id").asString();
        Instant soon = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
        String daily = made(
                owner,
                guild,
                ScheduledEventApiIT.withFields(
                        ScheduledEventApiIT.external("Daily", soon, "Desk"),
                        "\"recurrence_rule\": {\"start\": \"" + soon + "\", \"frequency\": 3}"));
        String path = "/guilds/" + guild + "/scheduled-events/" + daily;

        as(owner, HttpMethod.PATCH, path, "{\"status\": 2}");
        JsonNode completed =
                as(owner, HttpMethod.PATCH, path, "{\"status\": 3}").body();

        assertThat(completed.get("status").asInt()).isEqualTo(1);
        assertThat(Instant.parse(completed.get("scheduled_start_time").asString()))
                .isEqualTo(soon.plus(1, ChronoUnit.DAYS));
    }

    private String made(Snowflake owner, String guild, String body) {
        var made = as(owner, HttpMethod.POST, "/guilds/" + guild + "/scheduled-events", body);
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(200);
        return made.body().get("id").asString();
    }

    /** Moves the event's times (and its series' start) back so it started {@code ago}, its length kept. */
    private void moveBack(String eventId, Duration ago) {
        db.sql("""
                        UPDATE scheduled_events
                        SET start_time = now() - make_interval(secs => :ago),
                            end_time = end_time + (now() - make_interval(secs => :ago) - start_time),
                            recurrence_rule = CASE WHEN recurrence_rule IS NULL THEN NULL
                                ELSE jsonb_set(recurrence_rule, '{start}', to_jsonb(to_char(
                                    (now() - make_interval(secs => :ago)) AT TIME ZONE 'UTC',
                                    'YYYY-MM-DD"T"HH24:MI:SS"Z"'))) END
                        WHERE id = :id""")
                .bind("id", Long.parseLong(eventId))
                .bind("ago", (double) ago.toSeconds())
                .then()
                .block();
    }

    private long status(String eventId) {
        return count("SELECT status::bigint FROM scheduled_events WHERE id = :id", Snowflake.parse(eventId));
    }
}
