package dev.concord.webhook.messages;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.automod.MatchSource;
import dev.concord.platform.automod.MentionRaidPolicy;
import dev.concord.platform.automod.MessageInput;
import dev.concord.platform.automod.SpamFingerprint;
import dev.concord.platform.automod.Trigger;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.webhook.automod.MentionRaids;
import dev.concord.webhook.automod.RepeatedContent;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import dev.concord.webhook.messages.MessageRules.SystemMessages;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The rules that judge a message by the ones before it, their state in Redis: SPAM, when an author repeats
 * the same content too often ({@link RepeatedContent}), and MENTION_SPAM's {@code mention_raid_protection_enabled},
 * when mentions across messages make a raid ({@link MentionRaids}). A message that is part of a raid triggers
 * the rule as one over its limit would; the one that starts it has the mention_raid incident notification
 * posted in the rule's alert channels.
 */
@Component
final class RulesAcrossMessages {

    private static final Logger log = LoggerFactory.getLogger(RulesAcrossMessages.class);

    /** A mention raid a message started: the rule watching for it, and until when it holds. */
    record RaidStart(AutomodRule rule, Instant until) {}

    private final RepeatedContent repeated;
    private final MentionRaids raids;
    private final ChannelAccess access;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    RulesAcrossMessages(
            RepeatedContent repeated, MentionRaids raids, ChannelAccess access, SnowflakeGenerator ids, Clock clock) {
        this.repeated = repeated;
        this.raids = raids;
        this.access = access;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * Counts the message for the guild's SPAM and mention raid rules and adds to {@code triggers} those it
     * triggers (the mention raid rule once, even when over its own limit already); answers the raid the message
     * started, if it did.
     */
    Mono<Optional<RaidStart>> judge(
            GuildRules rules,
            Snowflake guildId,
            InChannel in,
            MessageRow message,
            MessageInput input,
            List<Trigger> triggers) {
        return spam(rules, guildId, in, message, input)
                .doOnNext(triggers::add)
                .then(mentionRaid(rules, guildId, in, message, input, triggers));
    }

    /** The SPAM rule's trigger, when the author sent this content too often within the policy's window. */
    private Mono<Trigger> spam(
            GuildRules rules, Snowflake guildId, InChannel in, MessageRow message, MessageInput input) {
        Optional<AutomodRule> watching = rules.spamRule(input);
        long fingerprint = SpamFingerprint.of(input.content());
        if (watching.isEmpty() || fingerprint == SpamFingerprint.NONE) {
            return Mono.empty();
        }
        AutomodRule rule = watching.get();
        return repeated.isSpam(guildId, in.userId(), fingerprint, message.id())
                .filter(Boolean::booleanValue)
                .map(spam -> new Trigger(rule, MatchSource.CONTENT, null, null, input.content(), -1, -1));
    }

    private Mono<Optional<RaidStart>> mentionRaid(
            GuildRules rules,
            Snowflake guildId,
            InChannel in,
            MessageRow message,
            MessageInput input,
            List<Trigger> triggers) {
        Optional<AutomodRule> watching = rules.mentionRaidRule(input);
        if (watching.isEmpty()) {
            return Mono.just(Optional.empty());
        }
        AutomodRule rule = watching.get();
        return raids.observe(guildId, in.userId(), message.id(), MentionRaidPolicy.mentionsOf(input))
                .map(seen -> {
                    if (!seen.raid()) {
                        return Optional.<RaidStart>empty();
                    }
                    if (triggers.stream().noneMatch(trigger -> trigger.rule().id() == rule.id())) {
                        triggers.add(new Trigger(rule, MatchSource.MENTIONS, null, null, input.content(), -1, -1));
                    }
                    Instant until = seen.startedUntil();
                    return until == null ? Optional.<RaidStart>empty() : Optional.of(new RaidStart(rule, until));
                });
    }

    /**
     * The mention_raid incident notification in each alert channel of the rule that saw the raid start, by
     * the author whose message started it; one that cannot be posted (its channel gone) is logged and skipped.
     */
    Mono<Void> announce(@Nullable RaidStart raid, Snowflake guildId, MessageRow message, SystemMessages alerts) {
        return raid == null ? Mono.empty() : postNotices(raid, guildId, message, alerts);
    }

    private Mono<Void> postNotices(RaidStart raid, Snowflake guildId, MessageRow message, SystemMessages alerts) {
        return Flux.fromIterable(raid.rule().actions())
                .filter(action -> action.type() == AutomodAction.SEND_ALERT_MESSAGE)
                .map(action -> Snowflake.of(action.channelId()))
                .distinct()
                .concatMap(channelId -> access.asPlatformInGuildChannel(channelId, guildId, message.authorId())
                        .flatMap(alertIn -> alerts.post(alertIn, notice(raid, channelId, guildId, message)))
                        .onErrorResume(e -> {
                            log.warn(
                                    "Mention raid notification for rule {} not posted ({})",
                                    raid.rule().id(),
                                    e.toString());
                            return Mono.empty();
                        }))
                .then();
    }

    private MessageRow notice(RaidStart raid, Snowflake channelId, Snowflake guildId, MessageRow message) {
        MessageRow notice = MessageRow.autoModerationNotice(
                ids.next(),
                channelId,
                guildId,
                message.authorId(),
                IncidentEmbeds.of(
                        IncidentEmbeds.MENTION_RAID,
                        ids.next().asString(),
                        IncidentEmbeds.MENTION_RAID_TYPE,
                        clock.instant(),
                        raid.until()));
        // A webhook's message is shown by the webhook as it posted, which is no user to look up.
        Snowflake webhookId = message.webhookId();
        MessageRow.WebhookAuthor shown = message.webhookAuthor();
        return webhookId == null || shown == null ? notice : notice.sentBy(webhookId, shown);
    }
}
