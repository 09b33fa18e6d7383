package dev.concord.localstack;

import dev.concord.platform.auth.SigningKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The Ed25519 pair tokens are signed with, in the base64 forms the services read from their
 * environment, and the secret services call each other's internal APIs with. Generated once and kept,
 * so tokens printed by an earlier run stay valid after a restart and local tools (scripts/benchmark)
 * can call internal APIs.
 *
 * @param publicKey base64 X.509, given to every app
 * @param privateKey base64 PKCS#8, given to remote-auth-service only
 * @param internalSecret random, base64url, given to every app; in {@code keys/internal.secret}
 */
record TokenKeys(String publicKey, String privateKey, String internalSecret) {

    private static final String PUBLIC_FILE = "token-signing.pub";
    private static final String PRIVATE_FILE = "token-signing.key";
    private static final String INTERNAL_SECRET_FILE = "internal.secret";

    /** Reads the pair from {@code dir}, generating it on first use. */
    static TokenKeys loadOrCreate(Path dir) {
        Path publicFile = dir.resolve(PUBLIC_FILE);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        try {
            if (Files.isRegularFile(publicFile) && Files.isRegularFile(privateFile)) {
                return new TokenKeys(read(publicFile), read(privateFile), internalSecret(dir));
            }
            Files.createDirectories(dir, ownerOnly("rwx------"));
            KeyPair pair = SigningKeys.generate();
            TokenKeys keys = new TokenKeys(
                    SigningKeys.encodePublic(pair.getPublic()),
                    SigningKeys.encodePrivate(pair.getPrivate()),
                    internalSecret(dir));
            // Private key first: a run interrupted in between leaves no public key and so regenerates both.
            write(privateFile, keys.privateKey());
            write(publicFile, keys.publicKey());
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create token keys in " + dir, e);
        }
    }

    /** The internal secret kept in {@code dir}, made on first use. */
    private static String internalSecret(Path dir) throws IOException {
        Path file = dir.resolve(INTERNAL_SECRET_FILE);
        if (Files.isRegularFile(file)) {
            return read(file);
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String encoded = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        write(file, encoded);
        return encoded;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII).trim();
    }

    /** Created with owner-only permissions from the start, so the key is never readable by others, even briefly. */
    private static void write(Path file, String base64) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, ownerOnly("rw-------"));
        Files.writeString(file, base64 + "\n", StandardCharsets.US_ASCII);
    }

    private static FileAttribute<?>[] ownerOnly(String permissions) {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))
        };
    }
}
