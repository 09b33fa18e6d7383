package dev.concord.guild.emojis;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.events.Outbox;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Which of a guild's emoji can be used, as its boosts allow: when a guild loses its tier, the still and
 * animated emoji beyond the new limits (the newest first) turn {@code available: false}, and come back as
 * the tier does or as older ones are deleted. GUILD_EMOJIS_UPDATE when any changed. Runs in the caller's
 * transaction.
 */
@Component
public final class EmojiAvailability {

    private final EmojiStore store;
    private final Outbox outbox;

    EmojiAvailability(EmojiStore store, Outbox outbox) {
        this.store = store;
        this.outbox = outbox;
    }

    /** Fits the guild's emoji to the limits of its tier and features as they now are. */
    public Mono<Void> fit(GuildRow guild) {
        return store.fitAvailability(guild.id(), EmojiLimits.of(guild))
                .filter(changed -> changed > 0)
                .flatMap(changed -> store.ofGuild(guild.id()).collectList())
                .flatMap(emojis -> outbox.append(EmojiEvents.emojisUpdate(guild.id(), emojis)));
    }
}
