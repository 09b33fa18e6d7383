package dev.concord.platform.automod;

/**
 * A 64-bit fingerprint of a message's content for repeated-content spam: the same words in any case,
 * spacing, punctuation or invisible characters give the same value ("BUY NOW!!" and "buy   now").
 * The caller counts each fingerprint per author and guild over a window in its own store (Redis: an
 * expiring counter per key) and asks a {@link SpamPolicy}; the engine keeps no state.
 */
public final class SpamFingerprint {

    /** The fingerprint of a content with no letters or digits: the caller does not count it. */
    public static final long NONE = 0;

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private SpamFingerprint() {}

    /** FNV-1a over the folded letters and digits of the content; {@link #NONE} when it has none. */
    public static long of(String content) {
        long hash = FNV_OFFSET;
        boolean any = false;
        for (int i = 0; i < content.length(); ) {
            int cp = content.codePointAt(i);
            i += Character.charCount(cp);
            if (!Text.isWordChar(cp)) {
                continue;
            }
            any = true;
            int folded = Text.fold(cp);
            hash = (hash ^ (folded & 0xFFFF)) * FNV_PRIME;
            hash = (hash ^ (folded >>> 16)) * FNV_PRIME;
        }
        if (!any) {
            return NONE;
        }
        return hash == NONE ? 1 : hash;
    }
}
