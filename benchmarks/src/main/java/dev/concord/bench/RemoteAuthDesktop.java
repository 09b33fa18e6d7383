package dev.concord.bench;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark desktop's key pair, its init and the fingerprint the server must answer with. 2048-bit RSA
 * key pairs cost 50-150 ms each to make, so they are made before the timed rounds, on every core, and kept
 * in a file (throwaway keys; under {@code target/}, never committed) for the next run.
 */
record RemoteAuthDesktop(PrivateKey privateKey, String init, String fingerprint) {

    /** As remote-auth-service encrypts: SHA-256 and MGF1 with SHA-256, as WebCrypto's RSA-OAEP does. */
    private static final OAEPParameterSpec OAEP =
            new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT);

    /** The answer to nonce_proof: the base64url SHA-256 of the nonce, which only this key's holder can decrypt. */
    String nonceProof(String encryptedNonce) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
            cipher.init(Cipher.DECRYPT_MODE, privateKey, OAEP);
            byte[] nonce = cipher.doFinal(Base64.getDecoder().decode(encryptedNonce));
            String digest = Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(nonce));
            return "{\"op\":\"nonce_proof\",\"nonce\":\"" + digest + "\"}";
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("the nonce cannot be decrypted: " + e, e);
        }
    }

    static RemoteAuthDesktop of(PrivateKey privateKey, byte[] spki) throws GeneralSecurityException {
        String fingerprint = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(MessageDigest.getInstance("SHA-256").digest(spki));
        String init = "{\"op\":\"init\",\"encoded_public_key\":\""
                + Base64.getEncoder().encodeToString(spki) + "\"}";
        return new RemoteAuthDesktop(privateKey, init, fingerprint);
    }

    /** {@code count} desktops: the key pairs in {@code file} first, new ones for the rest (added to the file). */
    static RemoteAuthDesktop[] load(int count, @Nullable Path file) throws IOException, GeneralSecurityException {
        List<byte[][]> pairs = new ArrayList<>();
        if (file != null && Files.exists(file)) {
            try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
                while (pairs.size() < count) {
                    byte[] pkcs8 = read(in);
                    if (pkcs8 == null) {
                        break;
                    }
                    pairs.add(new byte[][] {pkcs8, read(in)});
                }
            }
        }
        int cached = pairs.size();
        if (cached < count) {
            long start = System.nanoTime();
            // The common pool and this thread: every core.
            pairs.addAll(IntStream.range(cached, count)
                    .parallel()
                    .mapToObj(i -> generate())
                    .toList());
            System.out.printf(
                    "  key pairs: %d generated in %.1f s (not timed)%s%n",
                    count - cached,
                    (System.nanoTime() - start) / 1e9,
                    cached > 0 ? ", " + cached + " read from " + file : "");
            if (file != null) {
                write(file, pairs);
            }
        } else {
            System.out.printf("  key pairs: %d read from %s%n", count, file);
        }
        KeyFactory rsa = KeyFactory.getInstance("RSA");
        RemoteAuthDesktop[] desktops = new RemoteAuthDesktop[count];
        for (int i = 0; i < count; i++) {
            desktops[i] = of(rsa.generatePrivate(new PKCS8EncodedKeySpec(pairs.get(i)[0])), pairs.get(i)[1]);
        }
        return desktops;
    }

    /** A new key pair as {PKCS#8, SPKI}. */
    private static byte[][] generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            return new byte[][] {
                pair.getPrivate().getEncoded(), pair.getPublic().getEncoded()
            };
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK makes RSA keys", e);
        }
    }

    private static byte @Nullable [] read(DataInputStream in) throws IOException {
        try {
            return in.readNBytes(in.readInt());
        } catch (EOFException end) {
            return null;
        }
    }

    /** Written aside and moved into place, so an interrupted run never leaves half a file to read. */
    private static void write(Path file, List<byte[][]> pairs) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path partial = Files.createTempFile(parent, file.getFileName().toString(), ".partial");
        try (OutputStream raw = Files.newOutputStream(partial);
                DataOutputStream out = new DataOutputStream(raw)) {
            for (byte[][] pair : pairs) {
                for (byte[] part : pair) {
                    out.writeInt(part.length);
                    out.write(part);
                }
            }
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
