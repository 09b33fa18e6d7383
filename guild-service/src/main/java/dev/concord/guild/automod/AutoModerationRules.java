package dev.concord.guild.automod;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.RoleData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.guild.channels.ChannelType;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's auto moderation rules, for its members with MANAGE_GUILD: read, made (at most 6 KEYWORD rules
 * and one of every other trigger type per guild), changed (never their trigger type) and deleted, each
 * change with its event in the same transaction. Setting up a timeout or a quarantine needs
 * MODERATE_MEMBERS too. Changes lock the guild's row, so its rules change one at a time and the count per
 * trigger type holds. A refused request changes nothing.
 */
@Service
final class AutoModerationRules {

    private final AutoModerationStore store;
    private final GuildAccesses accesses;
    private final AccessStore rows;
    private final ChannelStore channels;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    AutoModerationRules(
            AutoModerationStore store,
            GuildAccesses accesses,
            AccessStore rows,
            ChannelStore channels,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.rows = rows;
        this.channels = channels;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    Mono<List<AutoModerationRule>> list(Snowflake guildId, Snowflake userId) {
        return managed(guildId, userId, false).thenMany(store.list(guildId)).collectList();
    }

    Mono<AutoModerationRule> get(Snowflake guildId, Snowflake ruleId, Snowflake userId) {
        return managed(guildId, userId, false).then(existing(guildId, ruleId));
    }

    /** The normalised metadata of {@code POST .../rules/validate}, for managers; nothing is stored. */
    Mono<TriggerMetadata> validate(Snowflake guildId, Snowflake userId, RuleValidateRequest request) {
        return managed(guildId, userId, false).thenReturn(request.normalized());
    }

    Mono<AutoModerationRule> create(Snowflake guildId, Snowflake userId, RuleCreateRequest request) {
        int trigger = request.triggerType().get();
        List<ActionRequest> actions = request.actions().get();
        Mono<AutoModerationRule> creation = managed(guildId, userId, true)
                .flatMap(access -> {
                    requireModerator(access, actions);
                    return checkAgainstGuild(
                            access, request.exemptRolesOrNull(), request.exemptChannelsOrNull(), actions);
                })
                .then(store.countOfType(guildId, trigger))
                .flatMap(count -> {
                    if (count >= AutoModerationTypes.maxRulesOf(trigger)) {
                        return Mono.error(tooManyRules(trigger));
                    }
                    AutoModerationRule rule = new AutoModerationRule(
                            ids.next(),
                            guildId,
                            request.name().get(),
                            userId,
                            request.eventType().get(),
                            trigger,
                            TriggerMetadata.of(trigger, request.metadataOrNone()),
                            actions.stream().map(RuleAction::of).toList(),
                            Boolean.TRUE.equals(Possible.valueOrNull(request.enabled())),
                            distinct(request.exemptRolesOrNull()),
                            distinct(request.exemptChannelsOrNull()));
                    return store.insert(rule)
                            .then(outbox.append(AutoModerationEvents.created(rule)))
                            .thenReturn(rule);
                });
        return transactions.transactional(creation);
    }

    Mono<AutoModerationRule> modify(Snowflake guildId, Snowflake ruleId, Snowflake userId, RuleModifyRequest request) {
        Mono<AutoModerationRule> change = managed(guildId, userId, true)
                .flatMap(access -> existing(guildId, ruleId).flatMap(rule -> {
                    Violations v = new Violations();
                    request.validateFor(v, rule.triggerType());
                    v.throwIfAny();
                    List<ActionRequest> actions = request.actions().orElse(List.of());
                    requireModerator(access, actions);
                    return checkAgainstGuild(
                                    access, request.exemptRolesOrNull(), request.exemptChannelsOrNull(), actions)
                            .then(Mono.defer(() -> save(rule, changed(rule, request))));
                }));
        return transactions.transactional(change);
    }

    Mono<Void> delete(Snowflake guildId, Snowflake ruleId, Snowflake userId) {
        Mono<Void> deletion = managed(guildId, userId, true)
                .then(existing(guildId, ruleId))
                .flatMap(rule -> store.delete(rule).then(outbox.append(AutoModerationEvents.deleted(rule))));
        return transactions.transactional(deletion);
    }

    /** The guild's enabled rules, for the service that enforces them; 404 10004 for no guild. */
    Mono<List<AutoModerationRule>> enabled(Snowflake guildId) {
        return rows.find(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .then(store.enabled(guildId).collectList());
    }

    private Mono<AutoModerationRule> save(AutoModerationRule rule, AutoModerationRule changed) {
        if (changed.equals(rule)) {
            return Mono.just(rule);
        }
        return store.update(changed)
                .then(outbox.append(AutoModerationEvents.updated(changed)))
                .thenReturn(changed);
    }

    private static AutoModerationRule changed(AutoModerationRule rule, RuleModifyRequest request) {
        return new AutoModerationRule(
                rule.id(),
                rule.guildId(),
                request.name().orElse(rule.name()),
                rule.creatorId(),
                request.eventType().orElse(rule.eventType()),
                rule.triggerType(),
                request.triggerMetadata().isPresent()
                        ? TriggerMetadata.of(rule.triggerType(), request.metadataOrNone())
                        : rule.triggerMetadata(),
                request.actions().isPresent()
                        ? request.actions().get().stream().map(RuleAction::of).toList()
                        : rule.actions(),
                request.enabled().isPresent()
                        ? Boolean.TRUE.equals(Possible.valueOrNull(request.enabled()))
                        : rule.enabled(),
                request.exemptRoles().isPresent() ? distinct(request.exemptRolesOrNull()) : rule.exemptRoles(),
                request.exemptChannels().isPresent()
                        ? distinct(request.exemptChannelsOrNull())
                        : rule.exemptChannels());
    }

    /** The guild as a member with MANAGE_GUILD acts in it (404 10004, 403 50001 / 50013 otherwise). */
    private Mono<GuildAccess> managed(Snowflake guildId, Snowflake userId, boolean lock) {
        return accesses.load(guildId, userId, lock)
                .map(access -> access.require(Permission.MANAGE_GUILD, clock.instant()));
    }

    /**
     * The rule of this guild; 404 with the platform's bare {@code 404: Not Found} (code 0) otherwise: the
     * platform documents no "Unknown auto moderation rule" code and answers a rule it cannot find so.
     */
    private Mono<AutoModerationRule> existing(Snowflake guildId, Snowflake ruleId) {
        return store.find(guildId, ruleId).switchIfEmpty(Mono.error(ApiErrors::notFound));
    }

    /** 403 50013 when the actions set up a timeout or a quarantine and the caller may not moderate members. */
    private void requireModerator(GuildAccess access, List<ActionRequest> actions) {
        boolean moderates = actions.stream()
                .map(action -> action.type().orNull())
                .anyMatch(type -> type != null && AutoModerationTypes.moderatesMembers(type));
        if (moderates) {
            access.require(Permission.MODERATE_MEMBERS, clock.instant());
        }
    }

    /**
     * Exempt roles must be roles of the guild, exempt channels channels of it, and an alert's channel one of
     * its text channels: one 50035 naming each that is not.
     */
    private Mono<Void> checkAgainstGuild(
            GuildAccess access,
            @Nullable List<Snowflake> exemptRoles,
            @Nullable List<Snowflake> exemptChannels,
            List<ActionRequest> actions) {
        Set<Snowflake> roles = access.roles().stream().map(RoleData::id).collect(Collectors.toSet());
        return channels.types(access.guild().id())
                .doOnNext(channelTypes -> {
                    Violations v = new Violations();
                    if (exemptRoles != null) {
                        for (int i = 0; i < exemptRoles.size(); i++) {
                            if (!roles.contains(exemptRoles.get(i))) {
                                GuildErrors.unknownRole(v.at("exempt_roles"), Integer.toString(i));
                            }
                        }
                    }
                    if (exemptChannels != null) {
                        for (int i = 0; i < exemptChannels.size(); i++) {
                            if (!channelTypes.containsKey(exemptChannels.get(i).value())) {
                                GuildErrors.unknownChannel(v.at("exempt_channels"), Integer.toString(i));
                            }
                        }
                    }
                    for (int i = 0; i < actions.size(); i++) {
                        alertChannel(v.at("actions").at(i).at("metadata"), actions.get(i), channelTypes);
                    }
                    v.throwIfAny();
                })
                .then();
    }

    private static void alertChannel(Violations v, ActionRequest action, Map<Long, Integer> channelTypes) {
        Snowflake channel = action.channelIdOrNull();
        if (action.type().orElse(0) == AutoModerationTypes.SEND_ALERT_MESSAGE
                && channel != null
                && !Integer.valueOf(ChannelType.TEXT).equals(channelTypes.get(channel.value()))) {
            GuildErrors.channelInvalid(v, "channel_id", false);
        }
    }

    /**
     * 400 50035 at {@code trigger_type}: the guild has as many rules of this trigger as it may. The platform
     * answers this as a form error, {@code AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED}, not with a code of
     * its own.
     */
    private static ApiException tooManyRules(int triggerType) {
        return new Violations()
                .add(
                        "trigger_type",
                        "AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED",
                        "Maximum number of rules with trigger type " + triggerType + " is "
                                + AutoModerationTypes.maxRulesOf(triggerType))
                .toException();
    }

    /** Each id once, in the order sent (the platform's schema has {@code uniqueItems}). */
    private static List<Snowflake> distinct(@Nullable List<Snowflake> ids) {
        return ids == null ? List.of() : new ArrayList<>(new LinkedHashSet<>(ids));
    }
}
