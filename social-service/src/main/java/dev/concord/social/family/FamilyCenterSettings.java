package dev.concord.social.family;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Family Center settings ({@code concord.family-center}).
 *
 * @param linkCodeTtl how long a link code stays usable; the platform's QR codes are short-lived
 * @param activityTopics the topics teen activity is read from (names without the test prefix)
 * @param actionsPerType actions listed per action type in the audit log; totals count every one
 * @param cleanupInterval how often actions older than the 7-day window are deleted
 * @param cleanupBatch at most this many rows per delete statement, so a cleanup never holds long locks
 */
@ConfigurationProperties("concord.family-center")
record FamilyCenterSettings(
        @DefaultValue("5m") Duration linkCodeTtl,

        @DefaultValue({"guild.events", "social.events", "webhook.events"})
        List<String> activityTopics,

        @DefaultValue("50") int actionsPerType,
        @DefaultValue("1h") Duration cleanupInterval,
        @DefaultValue("1000") int cleanupBatch) {

    /** The audit window of the platform: the last 7 days. */
    static final Duration WINDOW = Duration.ofDays(7);
}
