package dev.concord.webhook.messages;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.automod.MessageInput;
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
import dev.concord.webhook.messages.ChannelAccess.InChannel;
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
 * <p>SPAM and mention raids judge a message by the ones before it ({@link RulesAcrossMessages}); the raid a
 * message starts is announced once its rules' actions are carried out.
 */
@Component
final class MessageRules {

    private static final Logger log = LoggerFactory.getLogger(MessageRules.class);

    /** What members write: system messages are the platform's own. */
    private static final Set<Integer> JUDGED = Set.of(MessageRow.DEFAULT, MessageRow.REPLY);

    private final GuildRuleSets sets;
    private final RulesAcrossMessages acrossMessages;
    private final AutoModerationRules rules;
    private final ChannelAccess access;
    private final ChannelDirectory channels;
    private final Outbox outbox;
    private final SnowflakeGenerator ids;
    private final TransactionalOperator ownTransaction;

    MessageRules(
            GuildRuleSets sets,
            RulesAcrossMessages acrossMessages,
            AutoModerationRules rules,
            ChannelAccess access,
            ChannelDirectory channels,
            Outbox outbox,
            SnowflakeGenerator ids,
            ReactiveTransactionManager transactions) {
        this.sets = sets;
        this.acrossMessages = acrossMessages;
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
            RulesAcrossMessages.@Nullable RaidStart raidStarted) {

        static final Verdict NONE = new Verdict(List.of(), new RuleSet(GuildRules.empty(), Map.of()), false, null);
    }

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

    /** The rules' triggers on the message alone, then those that need the messages before it. */
    private Mono<Verdict> judged(RuleSet set, Snowflake guildId, InChannel in, MessageRow message, MessageInput input) {
        List<Trigger> triggers = new ArrayList<>(set.rules().judgeMessage(input));
        return acrossMessages
                .judge(set.rules(), guildId, in, message, input, triggers)
                .map(raid -> verdict(set, triggers, raid.orElse(null)));
    }

    /** The platform exempts whoever may manage the guild; a webhook is nobody's member and is judged. */
    private static boolean exempt(InChannel in) {
        return !in.webhook() && (in.has(Permission.ADMINISTRATOR) || in.has(Permission.MANAGE_GUILD));
    }

    private static Verdict verdict(RuleSet set, List<Trigger> triggers, RulesAcrossMessages.@Nullable RaidStart raid) {
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
                .then(acrossMessages.announce(verdict.raidStarted(), guildId, message, alerts));
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
