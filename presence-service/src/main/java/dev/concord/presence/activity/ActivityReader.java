package dev.concord.presence.activity;

import static dev.concord.presence.activity.ActivityTypes.CUSTOM;
import static dev.concord.presence.activity.ActivityTypes.HANG;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Reads the activities a client sends (op 2's and op 3's {@code activities}, a headless session's) with
 * every limit of the activity object, each violation named by its path ({@code activities.0.name}).
 * Bots may send only {@code name}, {@code type}, {@code state} and {@code url}, and no hang status; the
 * rest of a bot's activity is dropped, as the platform drops it.
 */
public final class ActivityReader {

    public static final int MAX_NAME = 128;
    public static final int MAX_URL = 512;
    public static final int MAX_TEXT = 128;
    public static final int MAX_BUTTONS = 2;
    /** A button's label, as the platform limits it. */
    public static final int MAX_BUTTON_LABEL = 32;

    public static final int MAX_PARTY_ID = 128;
    public static final int MAX_ASSET_IMAGE = 313;
    public static final int MAX_SECRET = 128;
    public static final int MAX_SUPPORTED_PLATFORMS = 10;
    /**
     * Not a limit the seed gives: a bound on what one session may hold (clients send one to three), so
     * that a session's record in Redis stays small.
     */
    public static final int MAX_ACTIVITIES = 10;

    private ActivityReader() {}

    /**
     * The activities of {@code list} (null or absent: none), checked; violations land in {@code violations}
     * under {@code field}, and the result is then not to be used.
     */
    public static List<Activity> read(@Nullable JsonNode list, boolean bot, Violations violations, String field) {
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            violations.add(field, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
            return List.of();
        }
        if (list.size() > MAX_ACTIVITIES) {
            violations.add(field, "BASE_TYPE_MAX_LENGTH", "Must be " + MAX_ACTIVITIES + " or fewer in length.");
            return List.of();
        }
        List<Activity> activities = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Violations at = violations.at(field).at(i);
            JsonNode item = list.get(i);
            if (!item.isObject()) {
                at.add(null, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
                continue;
            }
            Activity activity = one(new JsonFields(item, at), bot);
            if (activity != null) {
                activities.add(activity);
            }
        }
        return activities;
    }

    private static @Nullable Activity one(JsonFields fields, boolean bot) {
        Violations v = fields.violations();
        Long type = fields.integer("type");
        if (type == null && fields.node("type") == null) {
            v.required("type", null);
        }
        if (type != null && (type < 0 || type > HANG || (bot && !ActivityTypes.botMaySet(type.intValue())))) {
            v.add(
                    "type",
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {" + (bot ? "0, 1, 2, 3, 4, 5" : "0, 1, 2, 3, 4, 5, 6") + "}.");
            type = null;
        }
        String name = fields.string("name");
        if (type != null && type == CUSTOM) {
            name = ActivityTypes.CUSTOM_NAME;
        } else if (type != null && type == HANG) {
            name = "Hang Status";
        } else if (name == null && fields.node("name") == null) {
            v.required("name", null);
        }
        v.length("name", name, 2, MAX_NAME);
        String url = fields.string("url");
        url(v, "url", url, MAX_URL);
        String state = fields.string("state");
        v.length("state", state, 0, MAX_TEXT);
        if (bot) {
            return type == null || name == null ? null : bare(name, type.intValue(), url, state);
        }
        String details = fields.string("details");
        v.length("details", details, 0, MAX_TEXT);
        String platform = fields.string("platform");
        v.oneOf("platform", platform, ActivityTypes.PLATFORMS);
        List<String> supported = fields.strings("supported_platforms");
        v.maxItems("supported_platforms", supported, MAX_SUPPORTED_PLATFORMS);
        if (supported != null) {
            for (int i = 0; i < supported.size(); i++) {
                v.at("supported_platforms").oneOf(Integer.toString(i), supported.get(i), ActivityTypes.PLATFORMS);
            }
        }
        Long flags = fields.integer("flags");
        v.flags("flags", flags, ActivityTypes.KNOWN_FLAGS);
        List<String> buttons = fields.strings("buttons");
        v.maxItems("buttons", buttons, MAX_BUTTONS);
        if (buttons != null) {
            for (int i = 0; i < buttons.size(); i++) {
                v.at("buttons").length(Integer.toString(i), buttons.get(i), 1, MAX_BUTTON_LABEL);
            }
        }
        Snowflake application = fields.snowflake("application_id");
        String syncId = fields.string("sync_id");
        Activity.Timestamps timestamps = timestamps(fields.object("timestamps"));
        Activity.Emoji emoji = emoji(fields.object("emoji"));
        Activity.Party party = party(fields.object("party"));
        Activity.Assets assets = assets(fields.object("assets"));
        Activity.Secrets secrets = secrets(fields.object("secrets"));
        JsonNode metadata = metadata(fields);
        if (type == null || name == null) {
            return null;
        }
        return new Activity(
                "",
                name,
                type.intValue(),
                url,
                0,
                null,
                platform,
                supported,
                timestamps,
                application,
                details,
                state,
                syncId,
                flags,
                buttons,
                emoji,
                party,
                assets,
                secrets,
                metadata);
    }

    private static Activity bare(String name, int type, @Nullable String url, @Nullable String state) {
        return new Activity(
                "", name, type, url, 0, null, null, null, null, null, null, state, null, null, null, null, null, null,
                null, null);
    }

    /** A URL of at most {@code max} characters, starting with {@code http://} or {@code https://}. */
    private static void url(Violations v, String field, @Nullable String url, int max) {
        if (url == null) {
            return;
        }
        v.length(field, url, 0, max);
        if (!isWebUrl(url)) {
            v.add(field, "URL_TYPE_INVALID_URL", "Not a well formed URL.");
        }
    }

    private static boolean isWebUrl(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
            return false;
        }
        try {
            URI uri = new URI(text);
            return uri.getHost() != null;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static Activity.@Nullable Timestamps timestamps(@Nullable JsonFields fields) {
        if (fields == null) {
            return null;
        }
        Long start = fields.millis("start");
        Long end = fields.millis("end");
        return start == null && end == null
                ? null
                : new Activity.Timestamps(start == null ? null : start.toString(), end == null ? null : end.toString());
    }

    private static Activity.@Nullable Emoji emoji(@Nullable JsonFields fields) {
        if (fields == null) {
            return null;
        }
        String name = fields.string("name");
        fields.violations().required("name", name);
        fields.violations().length("name", name, 1, 32);
        Snowflake id = fields.snowflake("id");
        Boolean animated = fields.bool("animated");
        return name == null ? null : new Activity.Emoji(name, id, animated);
    }

    private static Activity.@Nullable Party party(@Nullable JsonFields fields) {
        if (fields == null) {
            return null;
        }
        Violations v = fields.violations();
        String id = fields.string("id");
        v.length("id", id, 0, MAX_PARTY_ID);
        List<JsonNode> size = fields.list("size");
        List<Long> sizes = null;
        if (size != null) {
            boolean pair = size.size() == 2
                    && size.stream().allMatch(n -> n.isIntegralNumber() && n.canConvertToLong() && n.longValue() >= 0);
            if (!pair || size.get(0).longValue() > size.get(1).longValue()) {
                v.add(
                        "size",
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be two integers: the current size, then the maximum (not less).");
            } else {
                sizes = List.of(size.get(0).longValue(), size.get(1).longValue());
            }
        }
        return id == null && sizes == null ? null : new Activity.Party(id, sizes);
    }

    private static Activity.@Nullable Assets assets(@Nullable JsonFields fields) {
        if (fields == null) {
            return null;
        }
        Violations v = fields.violations();
        String largeImage = fields.string("large_image");
        String largeText = fields.string("large_text");
        String smallImage = fields.string("small_image");
        String smallText = fields.string("small_text");
        v.length("large_image", largeImage, 0, MAX_ASSET_IMAGE);
        v.length("small_image", smallImage, 0, MAX_ASSET_IMAGE);
        v.length("large_text", largeText, 0, MAX_TEXT);
        v.length("small_text", smallText, 0, MAX_TEXT);
        return new Activity.Assets(proxied(largeImage), largeText, proxied(smallImage), smallText);
    }

    /**
     * An external image URL as the media proxy names it, {@code mp:external/<digest>/<scheme>/<rest>}: only
     * the prefixed value is ever received back; ids and prefixed values pass as they are.
     */
    static @Nullable String proxied(@Nullable String image) {
        if (image == null || !isWebUrl(image)) {
            return image;
        }
        int colon = image.indexOf("://");
        String scheme = image.substring(0, colon).toLowerCase(Locale.ROOT);
        String rest = image.substring(colon + 3);
        return "mp:external/" + digest(image) + "/" + scheme + "/" + rest;
    }

    private static String digest(String url) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash).substring(0, 43);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static Activity.@Nullable Secrets secrets(@Nullable JsonFields fields) {
        if (fields == null) {
            return null;
        }
        Violations v = fields.violations();
        String join = fields.string("join");
        String spectate = fields.string("spectate");
        String match = fields.string("match");
        v.length("join", join, 0, MAX_SECRET);
        v.length("spectate", spectate, 0, MAX_SECRET);
        v.length("match", match, 0, MAX_SECRET);
        return join == null && spectate == null && match == null ? null : new Activity.Secrets(join, spectate, match);
    }

    /** Arbitrary, as the platform keeps it, but an object; {@code button_urls} at most two, as a convention's list. */
    private static @Nullable JsonNode metadata(JsonFields fields) {
        JsonFields metadata = fields.object("metadata");
        if (metadata == null) {
            return null;
        }
        List<JsonNode> buttonUrls = metadata.list("button_urls");
        metadata.violations().maxItems("button_urls", buttonUrls, MAX_BUTTONS);
        return fields.node("metadata");
    }
}
