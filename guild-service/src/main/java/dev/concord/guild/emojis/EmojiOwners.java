package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Whose an emoji is, for where it came from ({@code GET /emojis/{id}/guild} and {@code /source}). */
@Component
public final class EmojiOwners {

    /** A guild's emoji ({@code guildId}) or an application's ({@code applicationId} and its name). */
    public record Owner(
            @Nullable Snowflake guildId, @Nullable Snowflake applicationId, String applicationName) {}

    private final EmojiStore store;
    private final ApplicationOwners applications;

    EmojiOwners(EmojiStore store, ApplicationOwners applications) {
        this.store = store;
        this.applications = applications;
    }

    /** The emoji's owner; empty when no emoji has the id. */
    public Mono<Owner> of(Snowflake emojiId) {
        return store.find(emojiId).flatMap(emoji -> {
            Snowflake application = emoji.applicationId();
            if (application == null) {
                return Mono.just(new Owner(emoji.guildId(), null, ""));
            }
            return applications.nameOf(application).defaultIfEmpty("").map(name -> new Owner(null, application, name));
        });
    }
}
