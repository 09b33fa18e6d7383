package dev.concord.guild.access;

import dev.concord.guild.Columns;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A guild's incidents data as the guild object shows it ({@code incidents_data}): the pauses its managers
 * set with {@code PUT /guilds/{id}/incident-actions}, and when a raid or DM spam was last detected.
 */
public record GuildIncidents(
        @Nullable Instant raidDetectedAt,
        @Nullable Instant dmSpamDetectedAt,
        @Nullable Instant invitesDisabledUntil,
        @Nullable Instant dmsDisabledUntil) {

    /** The guild row's incidents, or null when it never had any: the platform then shows {@code null}. */
    static @Nullable GuildIncidents read(Readable row) {
        GuildIncidents incidents = new GuildIncidents(
                Columns.instant(row, "raid_detected_at"),
                Columns.instant(row, "dm_spam_detected_at"),
                Columns.instant(row, "invites_disabled_until"),
                Columns.instant(row, "dms_disabled_until"));
        return incidents.isEmpty() ? null : incidents;
    }

    private boolean isEmpty() {
        return raidDetectedAt == null
                && dmSpamDetectedAt == null
                && invitesDisabledUntil == null
                && dmsDisabledUntil == null;
    }
}
