package dev.concord.webhook.messages;

import dev.concord.webhook.messages.SlackPayload.Attachment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A Slack incoming-webhook payload as the platform shows it: {@code text} becomes the content (with each
 * attachment's {@code pretext} under it, as Slack shows pretext above its box), each attachment an embed
 * (colour, author, title and link, text, fields with {@code short} as inline, image, thumbnail, footer,
 * {@code ts} as the timestamp; the {@code fallback} only when the attachment has nothing else to show),
 * {@code username} and {@code icon_url} the name and avatar the message shows. Slack's markup becomes the
 * platform's: {@code <url|label>} a link, {@code <!here>} and {@code <!channel>} mentions, its three
 * escapes undone.
 */
final class SlackMessages {

    /** Slack's named attachment colours, as Slack draws them. */
    private static final Map<String, Integer> NAMED_COLORS =
            Map.of("good", 0x2EB886, "warning", 0xDAA038, "danger", 0xA30200);

    private static final Pattern HEX_COLOR = Pattern.compile("#?([0-9a-fA-F]{6})");
    private static final Pattern ANGLE = Pattern.compile("<([^<>|]+)(?:\\|([^<>]*))?>");

    private SlackMessages() {}

    static WebhookExecuteRequest toExecution(SlackPayload payload) {
        List<String> lines = new ArrayList<>();
        if (payload.text() != null && !payload.text().isBlank()) {
            lines.add(markdown(payload.text()));
        }
        List<Embed> embeds = new ArrayList<>();
        if (payload.attachments() != null) {
            for (Attachment attachment : payload.attachments()) {
                if (attachment == null) {
                    continue;
                }
                if (attachment.pretext() != null && !attachment.pretext().isBlank()) {
                    lines.add(markdown(attachment.pretext()));
                }
                embeds.add(embed(attachment));
            }
        }
        return new WebhookExecuteRequest(
                lines.isEmpty() ? null : String.join("\n", lines),
                payload.username(),
                payload.iconUrl(),
                null,
                embeds.isEmpty() ? null : embeds,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private static Embed embed(Attachment attachment) {
        String description = text(attachment.text());
        boolean bare = description == null
                && attachment.title() == null
                && attachment.authorName() == null
                && (attachment.fields() == null || attachment.fields().isEmpty())
                && attachment.imageUrl() == null
                && attachment.thumbUrl() == null
                && attachment.footer() == null;
        if (bare) {
            description = text(attachment.fallback());
        }
        List<Embed.Field> fields = attachment.fields() == null
                ? null
                : attachment.fields().stream()
                        .filter(field -> field != null)
                        .map(field -> new Embed.Field(
                                field.title() == null ? "" : markdown(field.title()),
                                field.value() == null ? "" : markdown(field.value()),
                                Boolean.TRUE.equals(field.isShort())))
                        .toList();
        return new Embed(
                null,
                attachment.title() == null ? null : markdown(attachment.title()),
                description,
                attachment.titleLink(),
                timestamp(attachment.ts()),
                color(attachment.color()),
                attachment.footer() == null && attachment.footerIcon() == null
                        ? null
                        : new Embed.Footer(attachment.footer(), attachment.footerIcon()),
                attachment.imageUrl() == null ? null : new Embed.Media(attachment.imageUrl()),
                attachment.thumbUrl() == null ? null : new Embed.Media(attachment.thumbUrl()),
                attachment.authorName() == null
                        ? null
                        : new Embed.Author(attachment.authorName(), attachment.authorLink(), attachment.authorIcon()),
                fields == null || fields.isEmpty() ? null : fields);
    }

    private static @Nullable String text(@Nullable String value) {
        return value == null || value.isBlank() ? null : markdown(value);
    }

    /** Slack's markup as the platform's markdown. */
    static String markdown(String slack) {
        Matcher matcher = ANGLE.matcher(slack);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(angle(matcher.group(1), matcher.group(2))));
        }
        matcher.appendTail(out);
        // &amp; last, so an escaped "&lt;" stays the text "&lt;".
        return out.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    /** One {@code <...>} of Slack's: a link (with its label), a special mention, or left as it was. */
    private static String angle(String target, @Nullable String label) {
        switch (target) {
            case "!here":
                return "@here";
            case "!channel":
            case "!everyone":
                return "@everyone";
            default:
                break;
        }
        String lower = target.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("mailto:")) {
            return label == null || label.isBlank() ? target : "[" + label + "](" + target + ")";
        }
        return label == null ? "<" + target + ">" : "<" + target + "|" + label + ">";
    }

    /** Slack's colour: a name it knows or a hex triplet; anything else draws no colour. */
    private static @Nullable Integer color(@Nullable String color) {
        if (color == null) {
            return null;
        }
        Integer named = NAMED_COLORS.get(color.toLowerCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        Matcher hex = HEX_COLOR.matcher(color.trim());
        return hex.matches() ? Integer.parseInt(hex.group(1), 16) : null;
    }

    /** Slack's {@code ts}: seconds since the epoch, a number or a string of one (fractions allowed). */
    private static @Nullable String timestamp(@Nullable JsonNode ts) {
        if (ts == null || ts.isNull()) {
            return null;
        }
        String text = ts.isNumber() ? ts.asString() : ts.isString() ? ts.asString() : "";
        try {
            BigDecimal seconds = new BigDecimal(text.trim());
            long whole = seconds.longValue();
            long nanos = seconds.subtract(BigDecimal.valueOf(whole))
                    .movePointRight(9)
                    .longValue();
            return Instant.ofEpochSecond(whole, nanos).atOffset(ZoneOffset.UTC).toString();
        } catch (NumberFormatException | ArithmeticException | java.time.DateTimeException e) {
            return null;
        }
    }
}
