package dev.concord.guild.voice.keys;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.time.Clock;
import org.bouncycastle.crypto.signers.StandardDSAEncoding;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Keeps the voice keys people upload, once their self-signature binds them to the uploader's login, and
 * answers whether a key is one of someone's.
 */
@Service
final class VoiceKeyService {

    /** How many keys a person keeps: one per login they use voice from, the least recently uploaded forgotten. */
    static final int KEPT_PER_USER = 10;

    private final VoiceKeyStore store;
    private final TransactionalOperator transactions;
    private final Clock clock;

    VoiceKeyService(VoiceKeyStore store, TransactionalOperator transactions, Clock clock) {
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
        loadTheCryptography();
    }

    /**
     * Keeps {@code body}'s key for {@code me} when its signature is the key's self-signature for their
     * login (400 naming {@code signature} otherwise, keeping nothing).
     */
    Mono<Void> upload(Principal me, VoicePublicKeyUploadRequest body) {
        return Mono.defer(() -> {
            P256PublicKey key = body.key();
            if (!MlsSelfSignature.verifies(key, body.signatureBytes(), me.staticClientSessionId())) {
                return Mono.error(VoiceKeyFields.signatureDoesNotVerify());
            }
            int version = body.keyVersion().get();
            Mono<Void> keeping = store.lock(me.userId())
                    .then(store.keep(me.userId(), version, key.uncompressed(), clock.instant()))
                    .then(store.keepOnlyRecent(me.userId(), KEPT_PER_USER));
            return transactions.transactional(keeping);
        });
    }

    /**
     * Whether {@code body}'s key is one {@code userId} uploaded: false for someone who uploaded none, or no
     * one. Compared in constant time, every kept key in full, so the answer's timing tells nothing of how
     * close a guess came.
     */
    Mono<Boolean> matches(Snowflake userId, VoicePublicKeyMatchRequest body) {
        return Mono.defer(() -> {
            byte[] asked = body.key().uncompressed();
            return store.keys(userId, body.keyVersion().get()).reduce(false, (matched, kept) -> {
                boolean equal = MessageDigest.isEqual(kept, asked);
                return matched || equal;
            });
        });
    }

    /**
     * Runs one verification at startup: the first loads BouncyCastle's classes from their jar, which would
     * otherwise happen on an event loop, in the first request.
     */
    private static void loadTheCryptography() {
        P256PublicKey generator =
                P256PublicKey.decode(P256PublicKey.DOMAIN.getG().getEncoded(false));
        if (generator == null) {
            throw new IllegalStateException("P-256's generator did not decode as a P-256 key");
        }
        try {
            byte[] signature =
                    StandardDSAEncoding.INSTANCE.encode(P256PublicKey.DOMAIN.getN(), BigInteger.ONE, BigInteger.ONE);
            MlsSelfSignature.verifies(generator, signature, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
