package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What Slack's incoming webhooks take, as far as it can be shown here: {@code text}, {@code username},
 * {@code icon_url} and the legacy {@code attachments}. The seed's unsupported properties ({@code channel},
 * {@code icon_emoji}, {@code mrkdwn}, {@code mrkdwn_in}) and anything else Slack knows (blocks) are read
 * and ignored, as Slack's own clients send them without asking.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record SlackPayload(
        @Nullable String text,
        @Nullable String username,
        @Nullable String iconUrl,
        @Nullable List<Attachment> attachments)
        implements Violations.Validatable {

    /** Nothing to check yet: the message it becomes is checked with the platform's limits. */
    @Override
    public void validate(Violations v) {}

    /** A legacy attachment: a coloured box of title, text, fields, images and footer. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Attachment(
            @Nullable String fallback,
            @Nullable String color,
            @Nullable String pretext,
            @Nullable String authorName,
            @Nullable String authorLink,
            @Nullable String authorIcon,
            @Nullable String title,
            @Nullable String titleLink,
            @Nullable String text,
            @Nullable List<Field> fields,
            @Nullable String imageUrl,
            @Nullable String thumbUrl,
            @Nullable String footer,
            @Nullable String footerIcon,
            @Nullable JsonNode ts) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Field(
            @Nullable String title,
            @Nullable String value,
            @JsonProperty("short") @Nullable Boolean isShort) {}
}
