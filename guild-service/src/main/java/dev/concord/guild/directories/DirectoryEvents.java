package dev.concord.guild.directories;

import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_DIRECTORY_ENTRY_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;

/** GUILD_DIRECTORY_ENTRY_* on {@code guild.events}, keyed by the hub's id, to those who can see the directory. */
final class DirectoryEvents {

    private DirectoryEvents() {}

    static DomainEvent created(DirectoryEntryRow entry, DirectoryEntryData shown) {
        return of(GUILD_DIRECTORY_ENTRY_CREATE, entry, shown);
    }

    static DomainEvent updated(DirectoryEntryRow entry, DirectoryEntryData shown) {
        return of(GUILD_DIRECTORY_ENTRY_UPDATE, entry, shown);
    }

    static DomainEvent deleted(DirectoryEntryRow entry) {
        return of(GUILD_DIRECTORY_ENTRY_DELETE, entry, DirectoryEntryData.partial(entry));
    }

    private static DomainEvent of(String type, DirectoryEntryRow entry, DirectoryEntryData shown) {
        return new DomainEvent(
                type, entry.hubId().asString(), Audience.channel(entry.hubId(), entry.directoryChannelId()), shown);
    }
}
