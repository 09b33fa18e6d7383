package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The attachment objects of a new message: one per stored file, in the order of their parts, with the
 * file name and description the message's {@code attachments} gave it (each of which must name a file
 * that came, 50035 otherwise), its size and type, and its URL.
 */
final class AttachmentObjects {

    /** How the platform marks a spoiler: by its file name. */
    static final String SPOILER = "SPOILER_";

    private AttachmentObjects() {}

    static ArrayNode of(
            JsonMapper mapper,
            Attachments attachments,
            Snowflake channelId,
            List<Upload> uploads,
            @Nullable List<AttachmentRequest> described) {
        Violations violations = new Violations();
        if (described != null) {
            for (int i = 0; i < described.size(); i++) {
                int index = described.get(i).index();
                // An edit's entry naming a file the message keeps (index -1) is the edit's to check.
                if (index >= 0 && uploads.stream().noneMatch(upload -> upload.index() == index)) {
                    violations
                            .at("attachments")
                            .at(i)
                            .add("id", "ATTACHMENT_NOT_FOUND", "No file was sent as files[" + index + "].");
                }
            }
        }
        violations.throwIfAny();
        ArrayNode objects = mapper.createArrayNode();
        uploads.stream().sorted(Comparator.comparingInt(Upload::index)).forEach(upload -> {
            AttachmentRequest about = described == null
                    ? null
                    : described.stream()
                            .filter(request -> request.index() == upload.index())
                            .findFirst()
                            .orElse(null);
            String named = about != null && about.filename() != null
                    ? Attachments.safeFilename(about.filename())
                    : upload.filename();
            boolean spoiler = about != null && Boolean.TRUE.equals(about.isSpoiler());
            String filename = spoiler && !named.startsWith(SPOILER) ? SPOILER + named : named;
            String url = attachments.url(channelId, upload.id(), filename);
            ObjectNode object = objects.addObject()
                    .put("id", upload.id().asString())
                    .put("filename", filename)
                    .put("size", upload.size())
                    .put("url", url)
                    .put("proxy_url", url);
            if (about != null && about.description() != null) {
                object.put("description", about.description());
            }
            if (about != null && about.title() != null) {
                object.put("title", about.title());
            }
            if (upload.contentType() != null) {
                object.put("content_type", upload.contentType());
            }
        });
        return objects;
    }
}
