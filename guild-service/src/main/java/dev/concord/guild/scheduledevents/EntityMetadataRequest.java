package dev.concord.guild.scheduledevents;

import dev.concord.platform.json.Possible;
import java.util.Optional;

/** {@code entity_metadata} as sent: where an external event happens. */
record EntityMetadataRequest(Possible<Optional<String>> location) {}
