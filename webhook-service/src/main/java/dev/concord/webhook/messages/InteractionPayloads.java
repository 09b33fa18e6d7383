package dev.concord.webhook.messages;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A component interaction as the application receives it (seed 002's component interaction, with what the
 * platform adds and client libraries read: the channel, the person as member with their permissions or as
 * user in a DM, the application's own permissions, locale, context and entitlements).
 */
@Component
final class InteractionPayloads {

    static final int VERSION = 1;
    /** Interaction contexts: in a guild, in the bot's DM, in another private channel. */
    private static final int GUILD = 0;

    private static final int BOT_DM = 1;
    private static final int PRIVATE_CHANNEL = 2;
    /** authorizing_integration_owners' keys: installed to a guild, or to a user. */
    private static final String GUILD_INSTALL = "0";

    private static final String USER_INSTALL = "1";
    private static final String LOCALE = "en-US";

    private final UserDirectory users;
    private final GuildAuthorization authorization;
    private final JsonMapper mapper;

    InteractionPayloads(UserDirectory users, GuildAuthorization authorization, JsonMapper mapper) {
        this.users = users;
        this.authorization = authorization;
        this.mapper = mapper;
    }

    /** What is known once the interaction is checked: where, by whom, on which message, with which token. */
    record Made(InteractionRow row, String token, InChannel in, MessageData message, InteractionRequest.Data data) {}

    Mono<ObjectNode> payload(Made made) {
        InteractionRow row = made.row();
        Snowflake guildId = row.guildId();
        Mono<Optional<JsonNode>> member = guildId == null
                ? Mono.just(Optional.empty())
                : authorization.member(guildId, row.userId()).map(Optional::of).defaultIfEmpty(Optional.empty());
        Snowflake bot =
                made.message().webhookId() == null ? made.message().author().id() : null;
        Mono<Long> appPermissions = guildId == null || bot == null
                ? Mono.just(0L)
                : authorization.permissions(guildId, row.channelId(), bot).onErrorReturn(0L);
        return Mono.zip(users.require(row.userId()), member, appPermissions)
                .map(found -> build(made, found.getT1(), found.getT2().orElse(null), found.getT3()));
    }

    private ObjectNode build(Made made, PartialUser user, @Nullable JsonNode member, long appPermissions) {
        InteractionRow row = made.row();
        ObjectNode payload = mapper.createObjectNode();
        payload.put("id", row.id().asString());
        payload.put("application_id", row.applicationId().asString());
        payload.put("type", row.type());
        payload.put("token", made.token());
        payload.put("version", VERSION);
        ObjectNode data = payload.putObject("data");
        data.put("custom_id", made.data().customId());
        data.put("component_type", made.data().componentType());
        if (made.data().values() != null) {
            data.set("values", mapper.valueToTree(made.data().values()));
        }
        payload.put("channel_id", row.channelId().asString());
        ObjectNode channel = payload.putObject("channel");
        channel.put("id", row.channelId().asString());
        channel.put("type", made.in().place().type());
        JsonNode userNode = mapper.valueToTree(user);
        ObjectNode owners = payload.putObject("authorizing_integration_owners");
        if (row.guildId() != null) {
            payload.put("guild_id", row.guildId().asString());
            channel.put("guild_id", row.guildId().asString());
            ObjectNode asMember = member == null ? mapper.createObjectNode() : ((ObjectNode) member).deepCopy();
            asMember.set("user", userNode);
            asMember.put("permissions", Long.toString(made.in().permissions()));
            payload.set("member", asMember);
            payload.put("guild_locale", LOCALE);
            owners.put(GUILD_INSTALL, row.guildId().asString());
            payload.put("context", GUILD);
        } else {
            payload.set("user", userNode);
            owners.put(USER_INSTALL, row.userId().asString());
            boolean botDm = made.in()
                    .place()
                    .recipientIds()
                    .contains(made.message().author().id());
            payload.put("context", botDm ? BOT_DM : PRIVATE_CHANNEL);
        }
        payload.set("message", mapper.valueToTree(made.message()));
        payload.put("app_permissions", Long.toString(appPermissions));
        payload.put("locale", LOCALE);
        payload.putArray("entitlements");
        payload.put("attachment_size_limit", 10 * 1024 * 1024);
        return payload;
    }

    /** What an answer to the interaction carries as {@code interaction_metadata}. */
    Mono<JsonNode> metadata(InteractionRow row, @Nullable Snowflake originalResponseId) {
        return users.require(row.userId()).map(user -> {
            ObjectNode metadata = mapper.createObjectNode();
            metadata.put("id", row.id().asString());
            metadata.put("type", row.type());
            metadata.set("user", mapper.valueToTree(user));
            ObjectNode owners = metadata.putObject("authorizing_integration_owners");
            if (row.guildId() != null) {
                owners.put(GUILD_INSTALL, row.guildId().asString());
            } else {
                owners.put(USER_INSTALL, row.userId().asString());
            }
            if (originalResponseId != null) {
                metadata.put("original_response_message_id", originalResponseId.asString());
            }
            metadata.put("interacted_message_id", row.messageId().asString());
            return metadata;
        });
    }
}
