package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.WebUrls;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A rich embed as sent and as stored: the fields a message may set, each with the platform's limit.
 * {@code type} is always "rich" for what people and bots send; provider, video and image sizes are the
 * platform's to fill and are not taken from requests.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Embed(
        @Nullable String type,
        @Nullable String title,
        @Nullable String description,
        @Nullable String url,
        @Nullable String timestamp,
        @Nullable Integer color,
        @Nullable Footer footer,
        @Nullable Media image,
        @Nullable Media thumbnail,
        @Nullable Author author,
        @Nullable List<Field> fields) {

    static final int MAX_EMBEDS = 10;
    static final int MAX_TOTAL = 6000;
    static final int MAX_TITLE = 256;
    static final int MAX_DESCRIPTION = 4096;
    static final int MAX_FIELDS = 25;
    static final int MAX_FIELD_NAME = 256;
    static final int MAX_FIELD_VALUE = 1024;
    static final int MAX_FOOTER = 2048;
    static final int MAX_AUTHOR = 256;
    static final int MAX_COLOR = 0xFFFFFF;

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Footer(@Nullable String text, @Nullable String iconUrl) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Media(@Nullable String url) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Author(
            @Nullable String name,
            @Nullable String url,
            @Nullable String iconUrl) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Field(
            @Nullable String name,
            @Nullable String value,
            @Nullable Boolean inline) {}

    /** The embed as stored: of type rich, fields' {@code inline} false unless set. */
    Embed stored() {
        return new Embed(
                "rich",
                title,
                description,
                url,
                timestamp == null
                        ? null
                        : OffsetDateTime.parse(timestamp).toInstant().toString(),
                color,
                footer,
                image,
                thumbnail,
                author,
                fields == null
                        ? null
                        : fields.stream()
                                .map(f -> new Field(f.name(), f.value(), Boolean.TRUE.equals(f.inline())))
                                .toList());
    }

    /** The characters that count towards the 6000 of a message's embeds together. */
    int characters() {
        int total = length(title) + length(description);
        if (fields != null) {
            for (Field field : fields) {
                total += length(field.name()) + length(field.value());
            }
        }
        if (footer != null) {
            total += length(footer.text());
        }
        if (author != null) {
            total += length(author.name());
        }
        return total;
    }

    /** Every embed's limits under {@code embeds.<i>}, their count, and the 6000 characters of all together. */
    static void validateAll(Violations v, @Nullable List<Embed> embeds) {
        if (embeds == null) {
            return;
        }
        v.maxItems("embeds", embeds, MAX_EMBEDS);
        int total = 0;
        for (int i = 0; i < embeds.size(); i++) {
            Embed embed = embeds.get(i);
            if (embed == null) {
                v.at("embeds").required(Integer.toString(i), null);
                continue;
            }
            embed.validate(v.at("embeds").at(i));
            total += embed.characters();
        }
        if (total > MAX_TOTAL) {
            v.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of " + MAX_TOTAL);
        }
    }

    private void validate(Violations v) {
        if (type != null) {
            v.oneOf("type", type, List.of("rich"));
        }
        v.length("title", title, 0, MAX_TITLE);
        v.length("description", description, 0, MAX_DESCRIPTION);
        WebUrls.check(v, "url", url);
        v.range("color", color, 0, MAX_COLOR);
        if (timestamp != null) {
            try {
                OffsetDateTime.parse(timestamp);
            } catch (DateTimeParseException e) {
                v.add("timestamp", "DATE_TIME_TYPE_PARSE", "Could not parse " + timestamp + ". Should be ISO8601.");
            }
        }
        if (footer != null) {
            v.at("footer").required("text", footer.text()).length("text", footer.text(), 1, MAX_FOOTER);
            WebUrls.check(v.at("footer"), "icon_url", footer.iconUrl());
        }
        if (image != null) {
            v.at("image").required("url", image.url());
            WebUrls.check(v.at("image"), "url", image.url());
        }
        if (thumbnail != null) {
            v.at("thumbnail").required("url", thumbnail.url());
            WebUrls.check(v.at("thumbnail"), "url", thumbnail.url());
        }
        if (author != null) {
            v.at("author").required("name", author.name()).length("name", author.name(), 1, MAX_AUTHOR);
            WebUrls.check(v.at("author"), "url", author.url());
            WebUrls.check(v.at("author"), "icon_url", author.iconUrl());
        }
        if (fields != null) {
            v.maxItems("fields", fields, MAX_FIELDS);
            for (int i = 0; i < fields.size(); i++) {
                Field field = fields.get(i);
                Violations at = v.at("fields").at(i);
                if (field == null) {
                    v.at("fields").required(Integer.toString(i), null);
                    continue;
                }
                at.required("name", field.name()).length("name", field.name(), 1, MAX_FIELD_NAME);
                at.required("value", field.value()).length("value", field.value(), 1, MAX_FIELD_VALUE);
            }
        }
    }

    private static int length(@Nullable String text) {
        return text == null ? 0 : text.codePointCount(0, text.length());
    }
}
