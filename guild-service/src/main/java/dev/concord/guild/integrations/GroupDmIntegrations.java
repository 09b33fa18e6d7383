package dev.concord.guild.integrations;

import dev.concord.guild.privatechannels.PrivateChannelRow;
import dev.concord.guild.privatechannels.PrivateChannelStore;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A group DM's integrations: applications a recipient added through OAuth2 ({@code applications.commands}
 * with the group's {@code channel_id}), listed and removed by its recipients. A channel that is not a
 * group DM the caller is in is Unknown Channel to them, as the platform answers, so nobody learns which
 * group DMs exist. Changes lock the channel's row, as recipient changes do, so an event goes to the
 * recipients the group has when it commits.
 */
@Service
final class GroupDmIntegrations {

    private final PrivateChannelStore channels;
    private final GroupDmIntegrationStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;

    GroupDmIntegrations(
            PrivateChannelStore channels,
            GroupDmIntegrationStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper) {
        this.channels = channels;
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
    }

    /** What an authorization did: the integration as now shown, and whether it was made just now. */
    record Added(ObjectNode integration, boolean created) {}

    /** {@code GET /channels/{channel.id}/integrations}: the group's integrations, oldest first. */
    Mono<List<ObjectNode>> list(Snowflake channelId, Snowflake me) {
        return groupOf(channels.find(channelId), me)
                .thenMany(store.list(channelId))
                .collectList()
                .flatMap(this::shown);
    }

    /**
     * {@code DELETE /channels/{channel.id}/integrations/{integration.id}}: any recipient may remove any of
     * the group's applications, not only the one who added it. The platform lets every member of a group DM
     * manage it alike (rename it, add people), the group has no managers to single out, and an app one
     * person added acts for everyone there, so everyone may take it away. 404 10005 for none of the group's.
     */
    Mono<Void> delete(Snowflake channelId, Snowflake integrationId, Snowflake me) {
        Mono<Void> deletion = groupOf(channels.lock(channelId), me)
                .flatMap(group -> store.delete(channelId, integrationId)
                        .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.INTEGRATION)))
                        .flatMap(row -> outbox.append(IntegrationEvents.channelDelete(row, group.recipientIds()))));
        return transactions.transactional(deletion);
    }

    /**
     * {@code POST /internal/channels/{channel.id}/integrations}: the person named in the request authorized
     * the application in the group DM; it is added, or its scopes and details updated (INTEGRATION_CREATE or
     * INTEGRATION_UPDATE to the recipients). 404 10003 unless they are a recipient of a group DM of that id.
     */
    Mono<Added> add(Snowflake channelId, GroupDmIntegrationRequest request) {
        Snowflake userId = Objects.requireNonNull(request.userId());
        Mono<Added> added = groupOf(channels.lock(channelId), userId)
                .flatMap(group -> store.put(ids.next(), channelId, request)
                        .flatMap(row -> shown(List.of(row)).flatMap(shown -> {
                            ObjectNode integration = shown.get(0);
                            return outbox.append(IntegrationEvents.channelPut(
                                            channelId, integration.deepCopy(), row.inserted(), group.recipientIds()))
                                    .thenReturn(new Added(integration, row.inserted()));
                        })));
        return transactions.transactional(added);
    }

    /**
     * A deleted application leaves every group DM it was added to: INTEGRATION_DELETE to each group's
     * recipients. In the caller's transaction (the application's removal from guilds).
     */
    Mono<Void> removeApplication(Snowflake applicationId) {
        // Each group locked before its row goes, in the order add() takes them, so neither waits on the other.
        return store.channelsOf(applicationId)
                .concatMap(channelId -> channels.lock(channelId).flatMap(group -> store.deleteApplication(
                                channelId, applicationId)
                        .flatMap(row -> outbox.append(IntegrationEvents.channelDelete(row, group.recipientIds())))))
                .then();
    }

    /** The channel when it is a group DM with {@code me} among its recipients; 404 10003 otherwise. */
    private static Mono<PrivateChannelRow> groupOf(Mono<PrivateChannelRow> channel, Snowflake me) {
        return channel.filter(row -> row.isGroupWith(me))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)));
    }

    /** The rows as shown, each application's bot as a partial user when the bot is known here. */
    private Mono<List<ObjectNode>> shown(List<GroupDmIntegrationRow> rows) {
        List<Snowflake> bots = rows.stream()
                .map(GroupDmIntegrationRow::botId)
                .flatMap(bot -> Optional.ofNullable(bot).stream())
                .distinct()
                .toList();
        return Flux.defer(() -> users.findAll(bots))
                .collectMap(PartialUser::id)
                .map(known -> rows.stream().map(row -> render(row, known)).toList());
    }

    private ObjectNode render(GroupDmIntegrationRow row, Map<Snowflake, PartialUser> known) {
        Snowflake bot = row.botId();
        return row.toJson(mapper, bot == null ? null : known.get(bot));
    }
}
