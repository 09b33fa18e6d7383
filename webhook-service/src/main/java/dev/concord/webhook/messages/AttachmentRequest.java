package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What a message's {@code attachments} say of the files sent with it: {@code id} is the {@code n} of the
 * part {@code files[n]}; {@code filename}, {@code title} and {@code description} (alt text) replace the
 * part's own; {@code is_spoiler} hides it until clicked, which the platform marks with a SPOILER_ name.
 */
record AttachmentRequest(
        @Nullable JsonNode id,
        @Nullable String filename,
        @Nullable String description,
        @Nullable String title,
        @Nullable Boolean isSpoiler) {

    static final int MAX_DESCRIPTION = 1024;
    static final int MAX_FILENAME = 1024;

    /** A new message's {@code attachments}: each names a file sent with it by its {@code files[n]}. */
    static void validateAll(Violations v, @Nullable List<AttachmentRequest> attachments) {
        validate(v, attachments, false);
    }

    /**
     * An edit's {@code attachments}: the message's files to keep, by their ids, and the new files'
     * descriptions, by their {@code files[n]}; at most ten in all.
     */
    static void validateKept(Violations v, @Nullable List<AttachmentRequest> attachments) {
        validate(v, attachments, true);
    }

    private static void validate(Violations v, @Nullable List<AttachmentRequest> attachments, boolean mayKeep) {
        if (attachments == null) {
            return;
        }
        v.maxItems("attachments", attachments, Attachments.MAX_FILES);
        for (int i = 0; i < attachments.size(); i++) {
            AttachmentRequest attachment = attachments.get(i);
            Violations at = v.at("attachments").at(i);
            if (attachment == null) {
                v.at("attachments").required(Integer.toString(i), null);
                continue;
            }
            if (attachment.index() < 0 && !(mayKeep && attachment.keptId() != null)) {
                at.add("id", "NUMBER_TYPE_COERCE", mayKeep ? "Value is not snowflake." : "Value is not int.");
            }
            at.length("filename", attachment.filename(), 1, MAX_FILENAME);
            at.length("description", attachment.description(), 0, MAX_DESCRIPTION);
            at.length("title", attachment.title(), 0, MAX_FILENAME);
        }
    }

    /** The id of a file the message already has, which an edit keeps; null for a new file's index. */
    @Nullable
    Snowflake keptId() {
        if (id == null || index() >= 0) {
            return null;
        }
        return Snowflake.parseOrNull(id.isString() ? id.asString() : id.isIntegralNumber() ? id.toString() : null);
    }

    /** The file part this describes ({@code files[n]}); -1 when {@code id} is no small whole number. */
    int index() {
        if (id == null) {
            return -1;
        }
        String text = id.isString() ? id.asString() : id.isIntegralNumber() ? id.toString() : "";
        return text.matches("[0-9]{1,3}") ? Integer.parseInt(text) : -1;
    }
}
