package dev.concord.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * User tokens for users the benchmark wrote straight into the identity database (logging 20,000 users in
 * would spend minutes of CPU on Argon2), signed with the local stack's own key, which it keeps in its
 * state directory for local tools. The layout is platform-auth's {@code TokenCodec} (user id, version 1,
 * kind USER, token id, issued-at, no application, no scopes); that module is not on this jar's classpath
 * because its auto-configuration would put a token filter in front of the hello server. A token that no
 * longer matches the codec fails every identify with 4004, so a drift cannot go unnoticed.
 */
final class BenchTokens {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private static final byte VERSION = 1;
    private static final byte USER = 0;

    private final PrivateKey key;

    private BenchTokens(PrivateKey key) {
        this.key = key;
    }

    /** The base64 PKCS#8 Ed25519 key in {@code file} (the local stack's {@code keys/token-signing.key}). */
    static BenchTokens signingWith(Path file) throws IOException, GeneralSecurityException {
        byte[] pkcs8 = Base64.getDecoder().decode(Files.readString(file).trim());
        return new BenchTokens(KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(pkcs8)));
    }

    String userToken(long userId) throws GeneralSecurityException {
        ByteBuffer claims = ByteBuffer.allocate(1 + 1 + 8 + 8 + 8)
                .put(VERSION)
                .put(USER)
                .putLong(userId)
                .putLong(System.currentTimeMillis())
                .putLong(0);
        String signed = BASE64URL.encodeToString(Long.toString(userId).getBytes(StandardCharsets.US_ASCII)) + "."
                + BASE64URL.encodeToString(claims.array());
        Signature signature = Signature.getInstance("Ed25519");
        signature.initSign(key);
        signature.update(signed.getBytes(StandardCharsets.US_ASCII));
        return signed + "." + BASE64URL.encodeToString(signature.sign());
    }
}
