package dev.concord.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TokenVerifierTest {

    private final KeyPair keys = SigningKeys.generate();
    private final RevocationList revocations = new RevocationList();
    private final TokenIssuer issuer =
            new TokenIssuer(keys.getPrivate(), new SnowflakeGenerator(1, 2), Clock.systemUTC());
    private final TokenVerifier verifier = new TokenVerifier(keys.getPublic(), revocations);
    private final Snowflake user = Snowflake.of(175928847299117063L);

    @Test
    void userTokenRoundTripsAndStartsWithTheBase64UserId() {
        TokenIssuer.IssuedToken issued = issuer.issueUserToken(user);

        String firstPart = issued.token().substring(0, issued.token().indexOf('.'));
        assertThat(new String(Base64.getUrlDecoder().decode(firstPart), StandardCharsets.US_ASCII))
                .isEqualTo(user.asString());
        Principal principal = verifier.authenticate(issued.token()).orElseThrow();
        assertThat(principal).isEqualTo(issued.principal());
        assertThat(principal.kind()).isEqualTo(TokenKind.USER);
    }

    @Test
    void oauth2TokenCarriesApplicationAndScopes() {
        Snowflake app = Snowflake.of(42);
        String token = issuer.issue(user, TokenKind.OAUTH2, app, Set.of("identify", "relationships.read"))
                .token();

        Principal principal = verifier.authenticate("Bearer " + token).orElseThrow();

        assertThat(principal.isOAuth2()).isTrue();
        assertThat(principal.applicationId()).isEqualTo(app);
        assertThat(principal.scopes()).containsExactlyInAnyOrder("identify", "relationships.read");
    }

    @Test
    void anOAuth2TokenExpiresAfterItsLifetimeAndOthersDoNot() {
        Instant issued = Instant.parse("2026-11-01T00:00:00Z");
        TokenIssuer atIssue =
                new TokenIssuer(keys.getPrivate(), new SnowflakeGenerator(1, 1), Clock.fixed(issued, ZoneOffset.UTC));
        String oauth = atIssue.issue(user, TokenKind.OAUTH2, Snowflake.of(42), Set.of("identify"))
                .token();
        String bot =
                atIssue.issue(user, TokenKind.BOT, Snowflake.of(42), Set.of()).token();
        Instant lastSecond = issued.plus(TokenIssuer.OAUTH2_LIFETIME).minusSeconds(1);

        TokenVerifier justBefore =
                new TokenVerifier(keys.getPublic(), revocations, Clock.fixed(lastSecond, ZoneOffset.UTC));
        TokenVerifier justAfter = new TokenVerifier(
                keys.getPublic(), revocations, Clock.fixed(lastSecond.plusSeconds(1), ZoneOffset.UTC));

        assertThat(justBefore.authenticate("Bearer " + oauth)).isPresent();
        assertThat(justAfter.authenticate("Bearer " + oauth)).isEmpty();
        assertThat(justAfter.authenticate("Bot " + bot)).isPresent();
    }

    @Test
    void schemeMustMatchTheTokenKind() {
        String bot =
                issuer.issue(user, TokenKind.BOT, Snowflake.of(7), Set.of()).token();
        String userToken = issuer.issueUserToken(user).token();

        assertThat(verifier.authenticate("Bot " + bot)).isPresent();
        assertThat(verifier.authenticate(bot)).isEmpty();
        assertThat(verifier.authenticate("Bearer " + bot)).isEmpty();
        assertThat(verifier.authenticate("Bot " + userToken)).isEmpty();
    }

    @Test
    void rejectsForgedTamperedAndGarbageTokens() {
        String token = issuer.issueUserToken(user).token();
        String otherUser =
                Base64.getUrlEncoder().withoutPadding().encodeToString("1".getBytes(StandardCharsets.US_ASCII));
        String forgedKey = new TokenIssuer(
                        SigningKeys.generate().getPrivate(), new SnowflakeGenerator(0, 0), Clock.systemUTC())
                .issueUserToken(user)
                .token();

        assertThat(verifier.authenticate(otherUser + token.substring(token.indexOf('.'))))
                .isEmpty();
        assertThat(verifier.authenticate(forgedKey)).isEmpty();
        assertThat(verifier.authenticate(token + "x")).isEmpty();
        for (String garbage : new String[] {null, "", "   ", "abc", "a.b.c", "..", "a..c", "Bot ", "x".repeat(600)}) {
            assertThat(verifier.authenticate(garbage))
                    .as(String.valueOf(garbage))
                    .isEmpty();
        }
    }

    @Test
    void revokedTokenIsRejectedEvenWhenCached() {
        TokenIssuer.IssuedToken issued = issuer.issueUserToken(user);
        assertThat(verifier.authenticate(issued.token())).isPresent();

        revocations.revokeToken(issued.principal().tokenId());

        assertThat(verifier.authenticate(issued.token())).isEmpty();
    }

    @Test
    void revokingEverythingBeforeAnInstantKeepsLaterTokens() throws InterruptedException {
        TokenIssuer.IssuedToken old = issuer.issueUserToken(user);
        Thread.sleep(2);
        Instant passwordChanged = Instant.now();
        Thread.sleep(2);
        TokenIssuer.IssuedToken fresh = issuer.issueUserToken(user);

        revocations.revokeIssuedBefore(user, passwordChanged);

        assertThat(verifier.authenticate(old.token())).isEmpty();
        assertThat(verifier.authenticate(fresh.token())).isPresent();
        assertThat(verifier.authenticate(issuer.issueUserToken(Snowflake.of(99)).token()))
                .isPresent();
    }

    @Test
    void issuedTokenNeverPrintsItsSecret() {
        TokenIssuer.IssuedToken issued = issuer.issueUserToken(user);
        assertThat(issued.toString()).doesNotContain(issued.token());
    }
}
