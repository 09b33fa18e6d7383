package dev.concord.webhook.messages;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.automod.MatchSource;
import dev.concord.platform.automod.MentionRaidPolicy;
import dev.concord.platform.automod.MessageInput;
import dev.concord.platform.automod.SpamFingerprint;
import dev.concord.platform.automod.Trigger;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.AutoModerationRules;
import dev.concord.platform.guilds.ChannelDirectory;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiException;
import dev.concord.webhook.automod.ActionExecutions;
import dev.concord.webhook.automod.GuildRuleSets;
import dev.concord.webhook.automod.GuildRuleSets.RuleSet;
import dev.concord.webhook.automod.MentionRaids;
import dev.concord.webhook.automod.RepeatedContent;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Auto moderation, before a message is stored: every message of a guild channel (a member's, a bot's, a
 * webhook's, an application's answer) is judged against the guild's rules, compiled once per rule set
 * ({@link GuildRuleSets}). Those who may manage the guild are exempt, as on the platform. A rule with
 * BLOCK_MESSAGE that triggers refuses the message (400 200000, nothing stored or sent); SEND_ALERT_MESSAGE
 * posts an alert in the rule's channel, TIMEOUT_USER has guild-service time the member out; each action of
 * each triggered rule is told to the guild's managers (AUTO_MODERATION_ACTION_EXECUTION), in a
 * transaction of its own, so a refused message's own transaction does not take the events with it.
 *
 * <p>A SPAM rule counts each author's repeated content ({@link RepeatedContent}). A MENTION_SPAM rule with
 * {@code mention_raid_protection_enabled} also watches mentions across messages
 * ({@link MentionRaids}): a message that is part of a mention raid triggers the rule as one over its limit
 * would, and the message that starts the raid has the mention_raid incident notification posted in the rule's
 * alert channels.
 */
@Component
final class MessageRules {

    private static final Logger log = LoggerFactory.getLogger(MessageRules.class);

    /** What members write: system messages are the platform's own. */
    private static final Set<Integer> JUDGED = Set.of(MessageRow.DEFAULT, MessageRow.REPLY);

    private final GuildRuleSets sets;
    private final MentionRaids raids;
    private final RepeatedContent repeated;
    private final Clock clock;
    private final AutoModerationRules rules;
    private final ChannelAccess access;
    private final ChannelDirectory channels;
    private final Outbox outbox;
    private final SnowflakeGenerator ids;
    private final TransactionalOperator ownTransaction;

    MessageRules(
            GuildRuleSets sets,
            MentionRaids raids,
            RepeatedContent repeated,
            Clock clock,
            AutoModerationRules rules,
            ChannelAccess access,
            ChannelDirectory channels,
            Outbox outbox,
            SnowflakeGenerator ids,
            ReactiveTransactionManager transactions) {
        this.sets = sets;
        this.raids = raids;
        this.repeated = repeated;
        this.clock = clock;
        this.rules = rules;
        this.access = access;
        this.channels = channels;
        this.outbox = outbox;
        this.ids = ids;
        this.ownTransaction = TransactionalOperator.create(
                transactions, new DefaultTransactionDefinition(TransactionDefinition.PROPAGATION_REQUIRES_NEW));
    }

    /**
     * What the guild's rules said of a message: the rules that triggered, whether one blocks it, and the
     * mention raid it started, if it did.
     */
    record Verdict(
            List<Trigger> triggers,
            RuleSet rules,
            boolean blocked,
            @Nullable RaidStart raidStarted) {

        static final Verdict NONE = new Verdict(List.of(), new RuleSet(GuildRules.empty(), Map.of()), false, null);
    }

    /** A mention raid this message started: the rule watching for it, and until when it holds. */
    record RaidStart(AutomodRule rule, Instant until) {}

    /** Posts a system message in a channel: the message service's own, passed in to keep the two apart. */
    @FunctionalInterface
    interface SystemMessages {
        Mono<MessageData> post(InChannel in, MessageRow message);
    }

    /** The rules' verdict on a message about to be stored. */
    Mono<Verdict> judge(InChannel in, MessageRow message) {
        Snowflake guildId = in.guildId();
        if (guildId == null || !JUDGED.contains(message.type()) || exempt(in)) {
            return Mono.just(Verdict.NONE);
        }
        return sets.of(guildId)
                .flatMap(set -> set.rules().rules().isEmpty()
                        ? Mono.just(Verdict.NONE)
                        : input(in, message).flatMap(input -> judged(set, guildId, in, message, input)));
    }

    /**
     * The rules' triggers on the message alone, then those that need the messages before it: SPAM's when
     * its content repeats too often, the mention raid rule's when its mentions are part of a raid.
     */
    private Mono<Verdict> judged(RuleSet set, Snowflake guildId, InChannel in, MessageRow message, MessageInput input) {
        List<Trigger> triggers = new ArrayList<>(set.rules().judgeMessage(input));
        return spam(set.rules(), guildId, in, message, input)
                .doOnNext(triggers::add)
                .then(mentionRaid(set.rules(), guildId, in, message, input, triggers))
                .map(raid -> verdict(set, triggers, raid.orElse(null)));
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

    /**
     * Counts the message's mentions for the mention raid rule, if one watches: when they are part of a raid the
     * rule triggers (added to {@code triggers} unless over its own limit already), and the raid it started.
     */
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

    /** The platform exempts whoever may manage the guild; a webhook is nobody's member and is judged. */
    private static boolean exempt(InChannel in) {
        return !in.webhook() && (in.has(Permission.ADMINISTRATOR) || in.has(Permission.MANAGE_GUILD));
    }

    private static Verdict verdict(RuleSet set, List<Trigger> triggers, @Nullable RaidStart raid) {
        boolean blocked = triggers.stream()
                .flatMap(trigger -> trigger.rule().actions().stream())
                .anyMatch(action -> action.type() == AutomodAction.BLOCK_MESSAGE);
        return triggers.isEmpty() ? Verdict.NONE : new Verdict(triggers, set, blocked, raid);
    }

    /**
     * Carries out the triggered rules' actions, the message stored as {@code storedId} or blocked (null):
     * alerts posted in their channels, timeouts asked of guild-service, and each action told to the guild's
     * managers. An alert or timeout that fails (its channel gone, the member gone) is logged and skipped: the
     * message's own fate is decided already.
     */
    Mono<Void> enforce(
            Verdict verdict, InChannel in, MessageRow message, @Nullable Snowflake storedId, SystemMessages alerts) {
        Snowflake guildId = in.guildId();
        if (verdict.triggers().isEmpty() || guildId == null) {
            return Mono.empty();
        }
        ActionExecutions.Judged judged =
                new ActionExecutions.Judged(guildId, in.userId(), in.place().id(), storedId);
        return Flux.fromIterable(verdict.triggers())
                .concatMap(trigger -> Flux.fromIterable(trigger.rule().actions())
                        .concatMap(action -> execute(verdict, judged, trigger, action, message, alerts)))
                .collectList()
                .flatMap(events -> ownTransaction.transactional(outbox.appendAll(events)))
                .then(raidNotice(verdict.raidStarted(), judged, message, alerts));
    }

    /**
     * The mention_raid incident notification in each alert channel of the rule that saw the raid start, by
     * the author whose message started it; one that cannot be posted (its channel gone) is logged and skipped.
     */
    private Mono<Void> raidNotice(
            @Nullable RaidStart raid, ActionExecutions.Judged judged, MessageRow message, SystemMessages alerts) {
        return raid == null ? Mono.empty() : postNotices(raid, judged, message, alerts);
    }

    private Mono<Void> postNotices(
            RaidStart raid, ActionExecutions.Judged judged, MessageRow message, SystemMessages alerts) {
        return Flux.fromIterable(raid.rule().actions())
                .filter(action -> action.type() == AutomodAction.SEND_ALERT_MESSAGE)
                .map(action -> Snowflake.of(action.channelId()))
                .distinct()
                .concatMap(channelId -> access.asPlatformInGuildChannel(channelId, judged.guildId(), message.authorId())
                        .flatMap(alertIn -> alerts.post(alertIn, notice(raid, channelId, judged, message)))
                        .onErrorResume(e -> {
                            log.warn(
                                    "Mention raid notification for rule {} not posted ({})",
                                    raid.rule().id(),
                                    e.toString());
                            return Mono.empty();
                        }))
                .then();
    }

    private MessageRow notice(RaidStart raid, Snowflake channelId, ActionExecutions.Judged judged, MessageRow message) {
        MessageRow notice = MessageRow.incidentNotification(
                ids.next(),
                channelId,
                judged.guildId(),
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

    private Mono<DomainEvent> execute(
            Verdict verdict,
            ActionExecutions.Judged judged,
            Trigger trigger,
            AutomodAction action,
            MessageRow message,
            SystemMessages alerts) {
        Mono<Optional<Snowflake>> done =
                switch (action.type()) {
                    case AutomodAction.SEND_ALERT_MESSAGE ->
                        alert(verdict, judged, trigger, message, action, alerts).map(Optional::of);
                    // A webhook is nobody's member: nobody to time out.
                    case AutomodAction.TIMEOUT_USER ->
                        message.webhookId() != null
                                ? Mono.just(Optional.empty())
                                : timeOut(judged, action).thenReturn(Optional.empty());
                    default -> Mono.just(Optional.empty());
                };
        return done.onErrorResume(e -> {
                    log.warn(
                            "Auto moderation rule {}: action {} not carried out ({})",
                            trigger.rule().id(),
                            action.type(),
                            e.toString());
                    return Mono.just(Optional.empty());
                })
                .map(alert -> ActionExecutions.executed(judged, trigger, action, alert.orElse(null)));
    }

    /** The rule's alert in its channel, which must be one of the guild's: the alert message's id. */
    private Mono<Snowflake> alert(
            Verdict verdict,
            ActionExecutions.Judged judged,
            Trigger trigger,
            MessageRow message,
            AutomodAction action,
            SystemMessages alerts) {
        Snowflake channelId = Snowflake.of(action.channelId());
        return access.asPlatformInGuildChannel(channelId, judged.guildId(), message.authorId())
                .flatMap(alertIn -> alerts.post(
                        alertIn,
                        message.autoModerationAlert(
                                ids.next(),
                                channelId,
                                judged.guildId(),
                                AlertEmbeds.of(
                                                verdict.rules()
                                                        .nameOf(trigger.rule().id()),
                                                ids.next().asString(),
                                                judged,
                                                trigger,
                                                verdict.triggers())
                                        .asArray())))
                .map(MessageData::id);
    }

    private Mono<Void> timeOut(ActionExecutions.Judged judged, AutomodAction action) {
        return rules.timeOut(judged.guildId(), judged.userId(), action.durationSeconds());
    }

    static ApiException blockedError() {
        return new ApiException(HttpStatus.BAD_REQUEST, 200000, "Message was blocked by automatic moderation");
    }

    /** The message as the engine judges it: its text, its author's roles, where it is and whom it mentions. */
    private Mono<MessageInput> input(InChannel in, MessageRow message) {
        Mono<Set<Long>> roles = in.webhook()
                ? Mono.just(Set.of())
                : access.member(in)
                        .map(member -> member.map(MessageRules::roleIds).orElse(Set.of()));
        Set<Snowflake> mentioned = new LinkedHashSet<>(message.mentionIds());
        mentioned.addAll(message.mentionRoleIds());
        return Mono.zip(
                roles,
                place(in.place()),
                (held, where) -> new MessageInput(
                        message.content(),
                        message.webhookId() != null || message.applicationId() != null
                                ? embedTexts(message.embeds())
                                : List.of(),
                        held,
                        where.id().value(),
                        where.parentId() == null ? 0 : where.parentId().value(),
                        mentioned.size(),
                        message.mentionEveryone()));
    }

    /** The channel whose exemptions apply: a thread's parent channel (its category then the parent's). */
    private Mono<ChannelPlace> place(ChannelPlace place) {
        Snowflake parent = place.parentId();
        return place.isThread() && parent != null ? channels.place(parent) : Mono.just(place);
    }

    private static Set<Long> roleIds(JsonNode member) {
        Set<Long> ids = new LinkedHashSet<>();
        member.path("roles").valueStream().forEach(id -> ids.add(Long.parseLong(id.asString())));
        return ids;
    }

    /** What a bot's or webhook's embeds say: titles, descriptions, fields, authors' names and footers. */
    private static List<String> embedTexts(JsonNode embeds) {
        List<String> texts = new ArrayList<>();
        for (JsonNode embed : embeds) {
            addText(texts, embed.path("title"));
            addText(texts, embed.path("description"));
            addText(texts, embed.path("author").path("name"));
            addText(texts, embed.path("footer").path("text"));
            for (JsonNode field : embed.path("fields")) {
                addText(texts, field.path("name"));
                addText(texts, field.path("value"));
            }
        }
        return texts;
    }

    private static void addText(List<String> texts, JsonNode text) {
        if (text.isString() && !text.asString().isEmpty()) {
            texts.add(text.asString());
        }
    }
}
