package dev.concord.guild.discovery;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code PATCH /guilds/{id}/discovery-metadata}, which replaces the settings: what is left out
 * (or null) takes its default. Keywords at most 10 of 1-30 characters, reasons at most 4, social links
 * at most 9 web addresses of up to 256 characters, about up to 2,400 characters. Whether the category may
 * be primary and whether each keyword is a valid term are checked against the shipped lists.
 */
record DiscoveryMetadataRequest(
        Possible<Optional<Integer>> primaryCategoryId,
        Possible<Optional<List<String>>> keywords,
        Possible<Optional<Boolean>> emojiDiscoverabilityEnabled,
        Possible<Optional<Boolean>> isPublished,
        Possible<Optional<List<Reason>>> reasonsToJoin,
        Possible<Optional<List<String>>> socialLinks,
        Possible<Optional<String>> about)
        implements Violations.Validatable {

    static final int MAX_KEYWORDS = 10;
    static final int MAX_KEYWORD = 30;
    static final int MAX_REASONS = 4;
    static final int MAX_REASON = 100;
    static final int MAX_SOCIAL_LINKS = 9;
    static final int MAX_SOCIAL_LINK = 256;
    static final int MAX_ABOUT = 2400;

    /** A reason to join as sent. */
    record Reason(
            Possible<String> reason, Possible<Optional<Snowflake>> emojiId, Possible<Optional<String>> emojiName) {}

    @Override
    public void validate(Violations v) {
        List<String> words = Possible.valueOrNull(keywords);
        v.maxItems("keywords", words, MAX_KEYWORDS);
        if (words != null) {
            for (int i = 0; i < words.size(); i++) {
                v.at("keywords").required(Integer.toString(i), words.get(i));
                v.at("keywords").length(Integer.toString(i), words.get(i), 1, MAX_KEYWORD);
            }
        }
        List<Reason> reasons = Possible.valueOrNull(reasonsToJoin);
        v.maxItems("reasons_to_join", reasons, MAX_REASONS);
        if (reasons != null) {
            for (int i = 0; i < reasons.size(); i++) {
                Reason reason = reasons.get(i);
                Violations at = v.at("reasons_to_join").at(i);
                if (reason == null) {
                    at.add(null, "BASE_TYPE_REQUIRED", "This field is required");
                    continue;
                }
                at.required("reason", reason.reason().orNull());
                at.length("reason", reason.reason().orNull(), 1, MAX_REASON);
                at.length("emoji_name", Possible.valueOrNull(reason.emojiName()), 1, 32);
            }
        }
        List<String> links = Possible.valueOrNull(socialLinks);
        v.maxItems("social_links", links, MAX_SOCIAL_LINKS);
        if (links != null) {
            for (int i = 0; i < links.size(); i++) {
                String link = links.get(i);
                v.at("social_links").required(Integer.toString(i), link);
                v.at("social_links").length(Integer.toString(i), link, 1, MAX_SOCIAL_LINK);
                if (link != null && !isWebAddress(link)) {
                    v.at("social_links").add(Integer.toString(i), "URL_TYPE_INVALID_URL", "Not a well formed URL.");
                }
            }
        }
        v.length("about", Possible.valueOrNull(about), 0, MAX_ABOUT);
    }

    private static boolean isWebAddress(String link) {
        try {
            URI uri = new URI(link);
            return ("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    int primaryCategoryOrDefault() {
        Integer category = Possible.valueOrNull(primaryCategoryId);
        return category == null ? 0 : category;
    }

    @Nullable
    List<String> keywordsOrNull() {
        return Possible.valueOrNull(keywords);
    }
}
