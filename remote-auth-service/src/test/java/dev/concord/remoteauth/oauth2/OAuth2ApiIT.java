package dev.concord.remoteauth.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** The authorization-code grant with PKCE, refresh, client credentials and revocation, end to end. */
class OAuth2ApiIT extends ApiTestSupport {

    private static final String REDIRECT = "https://app.example/callback";
    private static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

    private Account owner;
    private Account person;
    private String clientId;
    private String secret;

    @BeforeEach
    void application() {
        owner = accounts.register();
        person = accounts.register();
        Response created = api.post(
                "/applications", owner.token(), Map.of("name", "OAuth App", "redirect_uris", List.of(REDIRECT)));
        clientId = created.body().path("id").asString();
        secret = api.post("/applications/" + clientId + "/reset", owner.token(), Map.of())
                .body()
                .path("secret")
                .asString();
    }

    @Test
    void aPersonsConsentBecomesTokensThatActForThem() throws Exception {
        String query = query("identify email guilds", challenge(VERIFIER), "S256", "xyz");

        Response screen = api.get("/oauth2/authorize?" + query, person.token());
        assertThat(screen.status()).as("%s", screen.body()).isEqualTo(200);
        assertThat(screen.body().path("application").path("id").asString()).isEqualTo(clientId);
        assertThat(screen.body().path("user").path("id").asString()).isEqualTo(person.id());
        assertThat(screen.body().path("authorized").asBoolean()).isFalse();
        assertThat(screen.body().path("redirect_uri").asString()).isEqualTo(REDIRECT);

        String code = codeOf(consent(query, true));
        JsonNode tokens = token(
                basic(clientId, secret),
                "grant_type=authorization_code&code=" + code + "&redirect_uri=" + encode(REDIRECT) + "&code_verifier="
                        + VERIFIER);

        assertThat(tokens.path("token_type").asString()).isEqualTo("Bearer");
        assertThat(tokens.path("expires_in").asLong()).isEqualTo(604800);
        assertThat(tokens.path("scope").asString()).isEqualTo("identify email guilds");
        assertThat(tokens.path("refresh_token").asString()).hasSize(30);
        assertThat(tokens.has("guild")).as("no bot added").isFalse();
        String bearer = "Bearer " + tokens.path("access_token").asString();
        JsonNode me = api.get("/users/@me", bearer).body();
        assertThat(me.path("id").asString()).isEqualTo(person.id());
        assertThat(me.path("email").asString()).isEqualTo(person.email());
        JsonNode self = api.get("/oauth2/@me", bearer).body();
        assertThat(self.path("application").path("id").asString()).isEqualTo(clientId);
        assertThat(self.path("scopes").toString()).isEqualTo("[\"email\",\"guilds\",\"identify\"]");
        assertThat(self.path("user").path("id").asString()).isEqualTo(person.id());
        assertThat(rows.count("SELECT count(*) FROM oauth2_grants WHERE user_id = " + person.id()))
                .isEqualTo(1);
        assertThat(api.get("/oauth2/authorize?" + query, person.token())
                        .body()
                        .path("authorized")
                        .asBoolean())
                .isTrue();

        // A code works once.
        assertThat(tokenError(
                        basic(clientId, secret),
                        "grant_type=authorization_code&code=" + code + "&redirect_uri=" + encode(REDIRECT)
                                + "&code_verifier=" + VERIFIER))
                .isEqualTo("400 invalid_grant");
    }

    @Test
    void aCodeNeedsItsVerifierItsRedirectAndTheClientsSecret() throws Exception {
        String query = query("identify", challenge(VERIFIER), "S256", null);
        String exchange = "grant_type=authorization_code&redirect_uri=" + encode(REDIRECT) + "&code=";

        assertThat(tokenError(
                        basic(clientId, secret),
                        exchange + codeOf(consent(query, true)) + "&code_verifier=" + "x".repeat(43)))
                .isEqualTo("400 invalid_grant");
        assertThat(tokenError(
                        basic(clientId, secret),
                        "grant_type=authorization_code&redirect_uri=" + encode(REDIRECT + "/other") + "&code="
                                + codeOf(consent(query, true)) + "&code_verifier=" + VERIFIER))
                .isEqualTo("400 invalid_grant");
        assertThat(tokenError(
                        basic(clientId, "wrong-secret"),
                        exchange + codeOf(consent(query, true)) + "&code_verifier=" + VERIFIER))
                .isEqualTo("401 invalid_client");
        // Without a secret only a public client may exchange, and this one is not.
        assertThat(tokenError(
                        null,
                        "client_id=" + clientId + "&" + exchange + codeOf(consent(query, true)) + "&code_verifier="
                                + VERIFIER))
                .isEqualTo("401 invalid_client");
        assertThat(tokenError(basic(clientId, secret), "grant_type=password&username=a&password=b"))
                .isEqualTo("400 unsupported_grant_type");
        assertThat(rows.count("SELECT count(*) FROM oauth2_grants WHERE user_id = " + person.id()))
                .isZero();
    }

    @Test
    void refreshTokensRotateAndRevocationEndsTheGrant() throws Exception {
        JsonNode first = grant("identify");
        String refresh = first.path("refresh_token").asString();

        JsonNode second = token(basic(clientId, secret), "grant_type=refresh_token&refresh_token=" + refresh);

        assertThat(second.path("refresh_token").asString()).isNotEqualTo(refresh);
        assertThat(second.path("scope").asString()).isEqualTo("identify");
        assertThat(tokenError(basic(clientId, secret), "grant_type=refresh_token&refresh_token=" + refresh))
                .isEqualTo("400 invalid_grant");
        String bearer = "Bearer " + second.path("access_token").asString();
        assertThat(api.get("/users/@me", bearer).status()).isEqualTo(200);

        revoke(second.path("refresh_token").asString());

        assertThat(api.get("/users/@me", bearer).status()).isEqualTo(401);
        assertThat(tokenError(
                        basic(clientId, secret),
                        "grant_type=refresh_token&refresh_token="
                                + second.path("refresh_token").asString()))
                .isEqualTo("400 invalid_grant");
        assertThat(rows.count("SELECT count(*) FROM oauth2_grants WHERE user_id = " + person.id()))
                .isZero();
    }

    @Test
    void revokingAnAccessTokenEndsItAlone() throws Exception {
        JsonNode tokens = grant("identify");
        String bearer = "Bearer " + tokens.path("access_token").asString();

        revoke(tokens.path("access_token").asString());

        assertThat(api.get("/users/@me", bearer).status()).isEqualTo(401);
        revoke("not-a-token-at-all");
    }

    @Test
    void clientCredentialsActForTheOwner() throws Exception {
        JsonNode tokens = token(basic(clientId, secret), "grant_type=client_credentials&scope=identify");

        assertThat(tokens.has("refresh_token")).isFalse();
        JsonNode me = api.get(
                        "/users/@me", "Bearer " + tokens.path("access_token").asString())
                .body();
        assertThat(me.path("id").asString()).isEqualTo(owner.id());
        assertThat(me.path("email").isNull()).as("identify without email").isTrue();
        assertThat(tokenError(basic(clientId, secret), "grant_type=client_credentials&scope=relationships.read"))
                .isEqualTo("400 invalid_scope");
    }

    @Test
    void aDeniedConsentSendsTheErrorBackWithTheState() {
        String location = consent(query("identify", null, null, "s t"), false);

        assertThat(location).startsWith(REDIRECT + "?");
        assertThat(location).contains("error=access_denied").contains("state=s+t");
        assertThat(location).doesNotContain("code=");
    }

    @Test
    void refusesBadAuthorizationRequestsNamingTheParameter() {
        assertThat(errorOf(
                        api.get("/oauth2/authorize?" + query("identify nonsense", null, null, null), person.token()),
                        "scope"))
                .isEqualTo("OAUTH2_INVALID_SCOPE");
        assertThat(errorOf(api.get("/oauth2/authorize?" + query("bot", null, null, null), person.token()), "scope"))
                .isEqualTo("OAUTH2_SCOPE_UNAVAILABLE");
        assertThat(errorOf(
                        api.get(
                                "/oauth2/authorize?client_id=" + clientId + "&response_type=code&scope=identify"
                                        + "&redirect_uri=" + encode("https://evil.example/"),
                                person.token()),
                        "redirect_uri"))
                .isEqualTo("OAUTH2_INVALID_REDIRECT_URI");
        assertThat(errorOf(
                        api.get(
                                "/oauth2/authorize?client_id=" + clientId + "&response_type=token&scope=identify",
                                person.token()),
                        "response_type"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(api.get(
                                "/oauth2/authorize?"
                                        + query("identify", null, null, null).replace(clientId, "1"),
                                person.token())
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(10002);
        assertThat(api.get("/oauth2/authorize?" + query("identify", null, null, null), null)
                        .status())
                .isEqualTo(401);
        assertThat(api.get("/oauth2/@me", person.token()).status()).isEqualTo(401);
    }

    private JsonNode grant(String scope) throws Exception {
        String code = codeOf(consent(query(scope, challenge(VERIFIER), "S256", null), true));
        return token(
                basic(clientId, secret),
                "grant_type=authorization_code&code=" + code + "&redirect_uri=" + encode(REDIRECT) + "&code_verifier="
                        + VERIFIER);
    }

    private String query(String scope, String codeChallenge, String method, String state) {
        // Raw: the test client encodes the URI it is given (a value encoded here would be encoded twice).
        StringBuilder query = new StringBuilder(
                "client_id=" + clientId + "&response_type=code&scope=" + scope + "&redirect_uri=" + REDIRECT);
        if (codeChallenge != null) {
            query.append("&code_challenge=")
                    .append(codeChallenge)
                    .append("&code_challenge_method=")
                    .append(method);
        }
        if (state != null) {
            query.append("&state=").append(state);
        }
        return query.toString();
    }

    private String consent(String query, boolean authorize) {
        Response decided = api.post("/oauth2/authorize?" + query, person.token(), Map.of("authorize", authorize));
        assertThat(decided.status()).as("%s", decided.body()).isEqualTo(200);
        return decided.body().path("location").asString();
    }

    private static String codeOf(String location) {
        for (String parameter : URI.create(location).getRawQuery().split("&")) {
            if (parameter.startsWith("code=")) {
                return URLDecoder.decode(parameter.substring(5), StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no code in " + location);
    }

    private JsonNode token(String authorization, String form) {
        EntityExchangeResult<JsonNode> result = post("/oauth2/token", authorization, form);
        assertThat(result.getStatus().value())
                .as("%s", result.getResponseBody())
                .isEqualTo(200);
        assertThat(result.getResponseHeaders().getCacheControl()).isEqualTo("no-store");
        return result.getResponseBody();
    }

    private String tokenError(String authorization, String form) {
        EntityExchangeResult<JsonNode> result = post("/oauth2/token", authorization, form);
        return result.getStatus().value() + " "
                + result.getResponseBody().path("error").asString();
    }

    private void revoke(String token) {
        EntityExchangeResult<JsonNode> result =
                post("/oauth2/token/revoke", basic(clientId, secret), "token=" + encode(token));
        assertThat(result.getStatus().value()).isEqualTo(200);
    }

    private EntityExchangeResult<JsonNode> post(String path, String authorization, String form) {
        return client.post()
                .uri(path)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .headers(headers -> {
                    if (authorization != null) {
                        headers.set(HttpHeaders.AUTHORIZATION, authorization);
                    }
                })
                .bodyValue(form)
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
    }

    private static String errorOf(Response response, String field) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        return response.errorCode(field);
    }

    private static String basic(String id, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    private static String challenge(String verifier) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
