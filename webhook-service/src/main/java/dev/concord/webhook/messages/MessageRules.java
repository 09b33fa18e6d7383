package dev.concord.webhook.messages;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.MessageInput;
import dev.concord.platform.automod.Trigger;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.ChannelDirectory;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiException;
import dev.concord.webhook.automod.ActionExecutions;
import dev.concord.webhook.automod.GuildRuleSets;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Auto moderation, before a message is stored: every message of a guild channel (a member's, a bot's, a
 * webhook's, an application's answer) is judged against the guild's rules, compiled once per rule set
 * ({@link GuildRuleSets}). Those who may manage the guild are exempt, as on the platform. A rule with
 * BLOCK_MESSAGE that triggers refuses the message (400 200000, nothing stored or sent); each action of
 * each triggered rule is told to the guild's managers (AUTO_MODERATION_ACTION_EXECUTION), in a
 * transaction of its own, so a refused message's own transaction does not take the events with it.
 */
@Component
final class MessageRules {

    /** What members write: system messages are the platform's own. */
    private static final Set<Integer> JUDGED = Set.of(MessageRow.DEFAULT, MessageRow.REPLY);

    private final GuildRuleSets sets;
    private final ChannelAccess access;
    private final ChannelDirectory channels;
    private final Outbox outbox;
    private final TransactionalOperator ownTransaction;

    MessageRules(
            GuildRuleSets sets,
            ChannelAccess access,
            ChannelDirectory channels,
            Outbox outbox,
            ReactiveTransactionManager transactions) {
        this.sets = sets;
        this.access = access;
        this.channels = channels;
        this.outbox = outbox;
        this.ownTransaction = TransactionalOperator.create(
                transactions, new DefaultTransactionDefinition(TransactionDefinition.PROPAGATION_REQUIRES_NEW));
    }

    /** Empty when the message may be stored; 400 200000 when a rule blocks it. */
    Mono<Void> judge(InChannel in, MessageRow message) {
        Snowflake guildId = in.guildId();
        if (guildId == null || !JUDGED.contains(message.type()) || exempt(in)) {
            return Mono.empty();
        }
        return sets.of(guildId)
                .flatMap(rules -> rules.rules().isEmpty()
                        ? Mono.empty()
                        : input(in, message).flatMap(input -> act(guildId, in, rules.judgeMessage(input))));
    }

    /** The platform exempts whoever may manage the guild; a webhook is nobody's member and is judged. */
    private static boolean exempt(InChannel in) {
        return !in.webhook() && (in.has(Permission.ADMINISTRATOR) || in.has(Permission.MANAGE_GUILD));
    }

    private Mono<Void> act(Snowflake guildId, InChannel in, List<Trigger> triggers) {
        if (triggers.isEmpty()) {
            return Mono.empty();
        }
        ActionExecutions.Judged judged =
                new ActionExecutions.Judged(guildId, in.userId(), in.place().id(), null);
        List<DomainEvent> events = new ArrayList<>();
        boolean blocked = false;
        for (Trigger trigger : triggers) {
            for (AutomodAction action : trigger.rule().actions()) {
                if (action.type() == AutomodAction.BLOCK_MESSAGE) {
                    blocked = true;
                    events.add(ActionExecutions.executed(judged, trigger, action, null));
                }
            }
        }
        Mono<Void> told = events.isEmpty() ? Mono.empty() : ownTransaction.transactional(outbox.appendAll(events));
        return blocked ? told.then(Mono.error(MessageRules::blockedError)) : told;
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

    private static ApiException blockedError() {
        return new ApiException(HttpStatus.BAD_REQUEST, 200000, "Message was blocked by automatic moderation");
    }
}
