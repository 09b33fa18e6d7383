package dev.concord.remoteauth.application;

import dev.concord.platform.guilds.AuthorizedApplication;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Applications as OAuth2 clients: what the authorization and token endpoints need of them. */
@Component
public class ApplicationClients {

    /**
     * An OAuth2 client.
     *
     * @param publicClient whether it may exchange codes without its secret (PUBLIC_OAUTH2_CLIENT: a mobile
     *     or desktop app that cannot keep one), PKCE then being its proof
     */
    public record Client(
            Snowflake id,
            Snowflake ownerId,
            @Nullable Snowflake botUserId,
            List<String> redirectUris,
            boolean botPublic,
            boolean botRequireCodeGrant,
            boolean publicClient) {}

    /** PUBLIC_OAUTH2_CLIENT. */
    static final long PUBLIC_OAUTH2_CLIENT = 1L << 8;

    private final ApplicationStore applications;
    private final ApplicationService service;

    ApplicationClients(ApplicationStore applications, ApplicationService service) {
        this.applications = applications;
        this.service = service;
    }

    /** The client of application {@code id}; empty when there is none. */
    public Mono<Client> find(Snowflake id) {
        return applications.find(id).map(ApplicationClients::client);
    }

    /** Whether {@code secret} is the application's current client secret (compared in constant time). */
    public Mono<Boolean> secretMatches(Snowflake id, String secret) {
        return applications
                .secretDigest(id)
                .map(digest -> ClientSecrets.matches(secret, digest))
                .defaultIfEmpty(false);
    }

    /** The partial application, as an authorization screen and {@code GET /oauth2/@me} show it. */
    public Mono<PartialApplication> partial(Snowflake id) {
        return service.partial(id.asString());
    }

    /**
     * The application as an integration shows it (a guild's bot, a group DM's app), for guild-service to keep
     * as of this authorization; empty when there is no such application.
     */
    public Mono<AuthorizedApplication> authorized(Snowflake id) {
        return applications.find(id).map(row -> {
            PartialApplication shown = PartialApplication.of(row, null);
            return new AuthorizedApplication(
                    row.id(),
                    shown.name(),
                    shown.icon(),
                    shown.description(),
                    row.botUserId(),
                    shown.isVerified(),
                    shown.isDiscoverable(),
                    shown.isMonetized(),
                    row.roleConnectionsVerificationUrl());
        });
    }

    /** The bot user of the application, as the consent screen names it. */
    public Mono<PartialUser> bot(Snowflake id) {
        return service.partial(id.asString()).mapNotNull(PartialApplication::bot);
    }

    private static Client client(ApplicationRow row) {
        return new Client(
                row.id(),
                row.ownerId(),
                row.botUserId(),
                row.redirectUris(),
                row.botPublic(),
                row.botRequireCodeGrant(),
                (row.flags() & PUBLIC_OAUTH2_CLIENT) != 0);
    }
}
