package dev.concord.guild.emojis;

import dev.concord.platform.users.UserDirectory;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Emoji objects as answered, with their uploaders (one lookup for all of them) or without. */
@Component
final class EmojiViews {

    private final UserDirectory users;

    EmojiViews(UserDirectory users) {
        this.users = users;
    }

    Mono<List<EmojiData>> of(List<EmojiRow> rows, boolean withUploaders) {
        if (!withUploaders) {
            return Mono.just(rows.stream().map(row -> EmojiData.of(row, null)).toList());
        }
        return users.require(rows.stream().map(EmojiRow::userId).distinct().toList())
                .map(found -> rows.stream()
                        .map(row -> EmojiData.of(row, found.get(row.userId())))
                        .toList());
    }

    Mono<EmojiData> withUploader(EmojiRow row) {
        return users.require(row.userId()).map(user -> EmojiData.of(row, user));
    }
}
