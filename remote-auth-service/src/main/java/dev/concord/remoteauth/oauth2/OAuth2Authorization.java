package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.application.ApplicationClients;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The authorization endpoint a logged-in person's client calls: {@code GET} for what the consent screen
 * shows, {@code POST} with the person's answer, which sends them back to the application's redirect URI
 * with a code (or {@code access_denied}).
 */
@Service
class OAuth2Authorization {

    private final ApplicationClients clients;
    private final AuthorizationCodes codes;
    private final OAuth2Grants grants;
    private final UserStore users;
    private final BotInvites bots;
    private final IncomingWebhooks webhooks;
    private final GroupDmInvites groupDms;

    OAuth2Authorization(
            ApplicationClients clients,
            AuthorizationCodes codes,
            OAuth2Grants grants,
            UserStore users,
            BotInvites bots,
            IncomingWebhooks webhooks,
            GroupDmInvites groupDms) {
        this.clients = clients;
        this.codes = codes;
        this.grants = grants;
        this.users = users;
        this.bots = bots;
        this.webhooks = webhooks;
        this.groupDms = groupDms;
    }

    /** Where a person's client goes once a bot was added without a code for the application. */
    static final String AUTHORIZED_PAGE = "/oauth2/authorized";

    /**
     * What the consent screen needs: the application, the person, whether they granted this before,
     * where they go; for the {@code bot} scope also the bot and the guilds they may add it to.
     */
    Mono<Map<String, Object>> consentScreen(Principal me, AuthorizeQuery query) {
        return client(query).flatMap(client -> {
            List<String> scopes = query.checkedScopes(client, bots.available(), webhooks.available());
            boolean addsBot = scopes.contains(OAuth2Scopes.BOT);
            if (addsBot) {
                BotInvites.requireMayAdd(me, client);
            }
            Snowflake groupDm = groupDms.channelOf(null, query.channelId(), scopes);
            return Mono.zip(
                            clients.partial(client.id()),
                            users.find(me.userId()).map(UserRow::partialUser),
                            grants.covers(me.userId(), client.id(), scopes),
                            addsBot ? bots.guildsFor(me.userId()) : Mono.just(List.<JsonNode>of()))
                    .map(found -> {
                        Map<String, Object> screen = new LinkedHashMap<>();
                        screen.put("application", found.getT1());
                        screen.put("user", found.getT2());
                        screen.put("authorized", found.getT3());
                        String redirectUri = query.redirectUri(client);
                        if (query.isCodeFlow(client, scopes) && redirectUri != null) {
                            screen.put("redirect_uri", redirectUri);
                        }
                        screen.put("scopes", scopes);
                        if (addsBot) {
                            screen.put("bot", found.getT1().bot());
                            screen.put("guilds", found.getT4());
                        }
                        if (groupDm != null) {
                            screen.put("channel_id", groupDm.asString());
                        }
                        return screen;
                    });
        });
    }

    /**
     * The person's answer: the URL their client goes to next. With the {@code bot} scope the bot is
     * added to the guild the consent names before any code is issued; with {@code webhook.incoming} an
     * incoming webhook of the application is made in the channel it names ({@code webhook_channel_id}),
     * which the token response then carries. With {@code applications.commands} and a {@code channel_id} the
     * application is added to that group DM, of which the person must be a recipient, before any code is
     * issued. A consent that only adds a bot or commands ends on {@link #AUTHORIZED_PAGE}.
     */
    Mono<Map<String, String>> decide(Principal me, AuthorizeQuery query, OAuth2Handler.Decision decision) {
        return client(query).flatMap(client -> {
            List<String> scopes = query.checkedScopes(client, bots.available(), webhooks.available());
            boolean codeFlow = query.isCodeFlow(client, scopes);
            String redirectUri = query.redirectUri(client);
            Snowflake groupDm = groupDms.channelOf(decision.channelId(), query.channelId(), scopes);
            if (!Boolean.TRUE.equals(decision.authorize())) {
                return Mono.just(
                        codeFlow
                                ? location(
                                        Objects.requireNonNull(redirectUri),
                                        Map.of(
                                                "error",
                                                "access_denied",
                                                "error_description",
                                                "The resource owner or authorization server denied the request"),
                                        query.state())
                                : Map.of("location", AUTHORIZED_PAGE));
            }
            Map<String, String> parameters = new LinkedHashMap<>();
            // The guild a bot was added to, or nothing (Optional: a Mono of one carries no null).
            Mono<Optional<JsonNode>> bot = Mono.just(Optional.empty());
            if (scopes.contains(OAuth2Scopes.BOT)) {
                BotInvites.BotGrant grant = BotInvites.BotGrant.read(
                        decision.guildId(), decision.permissions(), query.guildId(), query.permissions());
                bot = bots.add(me, client, grant, scopes).map(Optional::of);
                parameters.put("guild_id", grant.guildId().asString());
                parameters.put("permissions", Long.toString(grant.permissions()));
            }
            if (groupDm != null) {
                // Before any code: a code is issued only for what was done.
                bot = bot.flatMap(
                        added -> groupDms.add(me, client, groupDm, scopes).thenReturn(added));
            }
            if (!codeFlow) {
                return bot.thenReturn(Map.of("location", AUTHORIZED_PAGE));
            }
            Mono<Optional<JsonNode>> webhook = scopes.contains(OAuth2Scopes.WEBHOOK_INCOMING)
                    ? incomingWebhook(me, client, decision).map(Optional::of)
                    : Mono.just(Optional.empty());
            return Mono.zip(bot, webhook)
                    .flatMap(made -> codes.issue(new AuthorizationCodes.Grant(
                            client.id(),
                            me.userId(),
                            scopes,
                            query.redirectUri(),
                            query.codeChallenge(),
                            query.codeChallenge() == null
                                    ? null
                                    : Objects.requireNonNullElse(query.codeChallengeMethod(), "plain"),
                            made.getT1().filter(JsonNode::isObject).orElse(null),
                            made.getT2().orElse(null))))
                    .map(code -> {
                        Map<String, String> all = new LinkedHashMap<>();
                        all.put("code", code);
                        all.putAll(parameters);
                        return location(Objects.requireNonNull(redirectUri), all, query.state());
                    });
        });
    }

    /** The application's incoming webhook in the channel the person chose: 50035 naming the field when they chose none. */
    private Mono<JsonNode> incomingWebhook(
            Principal me, ApplicationClients.Client client, OAuth2Handler.Decision decision) {
        Snowflake channelId = decision.webhookChannelId();
        if (channelId == null) {
            return Mono.error(
                    new Violations().required("webhook_channel_id", null).toException());
        }
        return clients.partial(client.id())
                .flatMap(application ->
                        webhooks.create(channelId, me.userId(), client.id(), webhookName(application.name())));
    }

    /** The application's name as a webhook's: at most 80 characters. */
    static String webhookName(String applicationName) {
        return applicationName.codePointCount(0, applicationName.length()) <= 80
                ? applicationName
                : applicationName.substring(0, applicationName.offsetByCodePoints(0, 80));
    }

    private Mono<ApplicationClients.Client> client(AuthorizeQuery query) {
        Snowflake id = query.applicationId();
        return clients.find(id).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)));
    }

    private static Map<String, String> location(
            String redirectUri, Map<String, String> parameters, @Nullable String state) {
        StringBuilder url = new StringBuilder(redirectUri).append(redirectUri.contains("?") ? '&' : '?');
        Map<String, String> all = new LinkedHashMap<>(parameters);
        if (state != null) {
            all.put("state", state);
        }
        all.forEach((name, value) -> url.append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8))
                .append('&'));
        url.setLength(url.length() - 1);
        return Map.of("location", url.toString());
    }
}
