package dev.concord.guild.voice.keys;

import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The platform's "cdn data" of a voice key request: bytes in base64, sent as a data URI as the platform's
 * clients send them ({@code data:application/octet-stream;base64,...}, any media type or none) or bare.
 * Either alphabet is read, standard ({@code +/}) or URL-safe ({@code -_}), one per value, with or without
 * the {@code =} padding; whitespace is not. A value longer than any key or signature could be is refused
 * before it is decoded.
 */
final class CdnData {

    /** Far above a P-256 key (65 bytes) or a DER signature (72 at most) in base64 with a data URI around it. */
    static final int MAX_LENGTH = 512;

    private static final Pattern DATA_URI = Pattern.compile("data:(?:[A-Za-z0-9.+-]+/[A-Za-z0-9.+-]+)?;base64,(.*)");
    private static final Pattern STANDARD = Pattern.compile("[A-Za-z0-9+/]+={0,2}");
    private static final Pattern URL_SAFE = Pattern.compile("[A-Za-z0-9_-]+={0,2}");

    private CdnData() {}

    /** The bytes {@code value} carries; null when it is none of the forms above, or carries no bytes. */
    static byte @Nullable [] decode(String value) {
        if (value.length() > MAX_LENGTH) {
            return null;
        }
        Matcher uri = DATA_URI.matcher(value);
        String base64 = uri.matches() ? uri.group(1) : value;
        try {
            // Java's decoders take the padding when it is there and do without it when it is not.
            if (STANDARD.matcher(base64).matches()) {
                return Base64.getDecoder().decode(base64);
            }
            if (URL_SAFE.matcher(base64).matches()) {
                return Base64.getUrlDecoder().decode(base64);
            }
            return null;
        } catch (IllegalArgumentException badLengthOrPadding) {
            return null;
        }
    }
}
