package dev.concord.platform.test;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Tokens of each kind, minted with the service's own {@link TokenIssuer} (every
 * {@link RealInfrastructure} context has one), each as its caller puts it in {@code Authorization}. The
 * user of each token exists at the owner of users ({@link UserServiceFake#shared()}), as only it signs tokens.
 */
public final class TestTokens {

    private final TokenIssuer issuer;

    public TestTokens(TokenIssuer issuer) {
        this.issuer = issuer;
    }

    /** A person's session token, sent bare. */
    public String user(Snowflake user) {
        UserServiceFake.shared().exists(user.value(), false);
        return issuer.issueUserToken(user).token();
    }

    /** {@code Bot <token>} of a bot whose application shares its id, as on the platform. */
    public String bot(Snowflake user) {
        return bot(user, user);
    }

    /** {@code Bot <token>}; {@code application} may be null. */
    public String bot(Snowflake user, @Nullable Snowflake application) {
        UserServiceFake.shared().exists(user.value(), true);
        return "Bot " + issuer.issue(user, TokenKind.BOT, application, Set.of()).token();
    }

    /** {@code Bearer <token>} granted to {@code application} for {@code scopes}. */
    public String oauth(Snowflake user, Snowflake application, String... scopes) {
        UserServiceFake.shared().exists(user.value(), false);
        return "Bearer "
                + issuer.issue(user, TokenKind.OAUTH2, application, Set.of(scopes))
                        .token();
    }

    /** The token itself, without its scheme: what a gateway Identify carries. */
    public static String bare(String authorization) {
        int space = authorization.indexOf(' ');
        return space < 0 ? authorization : authorization.substring(space + 1);
    }
}
