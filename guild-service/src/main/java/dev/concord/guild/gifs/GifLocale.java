package dev.concord.guild.gifs;

import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A caller's {@code locale}, BCP-47-ish as clients send it ({@code en-US}, {@code pt_BR}, {@code fr}),
 * normalized to its language tag so {@code en_us} and {@code en-US} are one; {@code en-US} when absent.
 * Anything that is not a language tag at all is refused naming the field: it would otherwise travel into
 * Redis keys and the provider's query.
 */
record GifLocale(String tag) {

    static final GifLocale DEFAULT = new GifLocale(Locales.DEFAULT);

    private static final Pattern TAG = Pattern.compile("[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,4}");

    static GifLocale parse(@Nullable String value) {
        if (value == null || value.isEmpty()) {
            return DEFAULT;
        }
        if (!TAG.matcher(value).matches()) {
            throw new Violations()
                    .add("locale", "LOCALE_INVALID", "Must be a language tag such as en-US.")
                    .toException();
        }
        return new GifLocale(Locale.forLanguageTag(value.replace('_', '-')).toLanguageTag());
    }

    /** The language alone ({@code pt} of {@code pt-BR}): what the catalogue falls back to, and what usage is pooled by. */
    String language() {
        int dash = tag.indexOf('-');
        return dash < 0 ? tag : tag.substring(0, dash);
    }

    /** As Tenor spells locales: {@code pt_BR}. */
    String underscored() {
        return tag.replace('-', '_');
    }
}
