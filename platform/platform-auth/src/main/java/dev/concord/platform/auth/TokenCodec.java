package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The token format: {@code base64url(user id) . base64url(claims) . base64url(Ed25519 signature)}.
 *
 * <p>The first part is the user id in decimal, as on the platform, because client libraries read it to
 * learn their own id before any request. Claims are a small fixed binary layout (version, kind, token
 * id, issued-at millis, application id, scopes) so tokens stay short. Any service verifies with the
 * public key alone.
 */
final class TokenCodec {

    private static final byte VERSION = 1;
    private static final int FIXED_CLAIMS = 1 + 1 + 8 + 8 + 8;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private TokenCodec() {}

    static String encode(Principal principal, PrivateKey key) {
        byte[] scopes = String.join(" ", principal.scopes()).getBytes(StandardCharsets.UTF_8);
        ByteBuffer claims = ByteBuffer.allocate(FIXED_CLAIMS + scopes.length)
                .put(VERSION)
                .put((byte) principal.kind().ordinal())
                .putLong(principal.tokenId())
                .putLong(principal.issuedAt().toEpochMilli())
                .putLong(
                        principal.applicationId() == null
                                ? 0
                                : principal.applicationId().value())
                .put(scopes);
        String signed = ENCODER.encodeToString(principal.userId().asString().getBytes(StandardCharsets.US_ASCII)) + "."
                + ENCODER.encodeToString(claims.array());
        return signed + "." + ENCODER.encodeToString(sign(signed, key));
    }

    /** The principal of a well-formed token with a valid signature; empty for anything else. */
    static Optional<Principal> decode(String token, PublicKey key) {
        int first = token.indexOf('.');
        int second = token.indexOf('.', first + 1);
        if (first <= 0 || second <= first + 1 || second == token.length() - 1 || token.indexOf('.', second + 1) >= 0) {
            return Optional.empty();
        }
        try {
            String signed = token.substring(0, second);
            if (!verify(signed, DECODER.decode(token.substring(second + 1)), key)) {
                return Optional.empty();
            }
            Snowflake userId =
                    Snowflake.parse(new String(DECODER.decode(token.substring(0, first)), StandardCharsets.US_ASCII));
            return Optional.ofNullable(readClaims(userId, DECODER.decode(token.substring(first + 1, second))));
        } catch (IllegalArgumentException e) {
            // bad base64 or a bad id: not a token of ours
            return Optional.empty();
        }
    }

    private static @Nullable Principal readClaims(Snowflake userId, byte[] bytes) {
        if (bytes.length < FIXED_CLAIMS
                || bytes[0] != VERSION
                || bytes[1] < 0
                || bytes[1] >= TokenKind.values().length) {
            return null;
        }
        ByteBuffer claims = ByteBuffer.wrap(bytes);
        claims.position(1);
        TokenKind kind = TokenKind.values()[claims.get()];
        long tokenId = claims.getLong();
        Instant issuedAt = Instant.ofEpochMilli(claims.getLong());
        long applicationId = claims.getLong();
        String scopes = new String(Arrays.copyOfRange(bytes, FIXED_CLAIMS, bytes.length), StandardCharsets.UTF_8);
        return new Principal(
                userId,
                kind,
                applicationId == 0 ? null : Snowflake.of(applicationId),
                scopes.isEmpty() ? Set.of() : Set.of(scopes.split(" ")),
                tokenId,
                issuedAt);
    }

    private static byte[] sign(String signed, PrivateKey key) {
        try {
            Signature signature = Signature.getInstance("Ed25519");
            signature.initSign(key);
            signature.update(signed.getBytes(StandardCharsets.US_ASCII));
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign token", e);
        }
    }

    private static boolean verify(String signed, byte[] signatureBytes, PublicKey key) {
        try {
            Signature signature = Signature.getInstance("Ed25519");
            signature.initVerify(key);
            signature.update(signed.getBytes(StandardCharsets.US_ASCII));
            return signature.verify(signatureBytes);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
