package dev.concord.remoteauth.password;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id password hashes in the PHC string form {@code $argon2id$v=19$m=..,t=..,p=..$salt$hash}. The
 * parameters travel with each hash, so raising the cost later still verifies every stored hash.
 * Synchronous and CPU heavy: callers go through {@link Passwords}, which runs it off the event loop.
 */
final class Argon2Hasher {

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64_DECODER = Base64.getDecoder();

    private final SecureRandom random = new SecureRandom();
    private final int memoryKib;
    private final int iterations;
    private final int parallelism;

    public Argon2Hasher(int memoryKib, int iterations, int parallelism) {
        this.memoryKib = memoryKib;
        this.iterations = iterations;
        this.parallelism = parallelism;
    }

    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] hash = derive(password, salt, memoryKib, iterations, parallelism, HASH_BYTES);
        return "$argon2id$v=19$m=" + memoryKib + ",t=" + iterations + ",p=" + parallelism + "$"
                + B64.encodeToString(salt) + "$" + B64.encodeToString(hash);
    }

    /** True when {@code password} matches; false for a wrong password or an unreadable hash. */
    public boolean verify(String password, String encoded) {
        String[] parts = encoded.split("\\$");
        // "", "argon2id", "v=19", "m=..,t=..,p=..", salt, hash
        if (parts.length != 6 || !parts[1].equals("argon2id") || !parts[2].equals("v=19")) {
            return false;
        }
        try {
            String[] params = parts[3].split(",");
            if (params.length != 3
                    || !params[0].startsWith("m=")
                    || !params[1].startsWith("t=")
                    || !params[2].startsWith("p=")) {
                return false;
            }
            byte[] salt = B64_DECODER.decode(parts[4]);
            byte[] expected = B64_DECODER.decode(parts[5]);
            byte[] actual = derive(
                    password,
                    salt,
                    Integer.parseInt(params[0].substring(2)),
                    Integer.parseInt(params[1].substring(2)),
                    Integer.parseInt(params[2].substring(2)),
                    expected.length);
            // Constant time, so response timing says nothing about how much of the hash matched.
            return MessageDigest.isEqual(expected, actual);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] derive(
            String password, byte[] salt, int memoryKib, int iterations, int parallelism, int length) {
        Argon2Parameters parameters = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memoryKib)
                .withIterations(iterations)
                .withParallelism(parallelism)
                .withSalt(salt)
                .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(parameters);
        byte[] secret = password.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[length];
        try {
            generator.generateBytes(secret, out);
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
        return out;
    }
}
