package dev.concord.localstack;

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

import dev.concord.platform.auth.SigningKeys;

/**
 * The Ed25519 pair tokens are signed with, in the base64 forms the services read from their
 * environment, and the secret services call each other's internal APIs with. The pair is generated once
 * and kept, so tokens printed by an earlier run stay valid after a restart; the internal secret is new
 * every run, since every service restarts with it.
 *
 * @param publicKey base64 X.509, given to every app
 * @param privateKey base64 PKCS#8, given to remote-auth-service only
 * @param internalSecret random, base64url, given to every app
 */
record TokenKeys(String publicKey, String privateKey, String internalSecret) {

    private static final String PUBLIC_FILE = "token-signing.pub";
    private static final String PRIVATE_FILE = "token-signing.key";

    /** Reads the pair from {@code dir}, generating it on first use. */
    static TokenKeys loadOrCreate(Path dir) {
        Path publicFile = dir.resolve(PUBLIC_FILE);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        try {
            if (Files.isRegularFile(publicFile) && Files.isRegularFile(privateFile)) {
                return new TokenKeys(read(publicFile), read(privateFile), newInternalSecret());
            }
            Files.createDirectories(dir, ownerOnly("rwx------"));
            KeyPair pair = SigningKeys.generate();
            TokenKeys keys = new TokenKeys(SigningKeys.encodePublic(pair.getPublic()), SigningKeys.encodePrivate(pair.getPrivate()),
                    newInternalSecret());
            // Private key first: a run interrupted in between leaves no public key and so regenerates both.
            write(privateFile, keys.privateKey());
            write(publicFile, keys.publicKey());
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create token keys in " + dir, e);
        }
    }

    private static String newInternalSecret() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
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
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions))};
    }
}
