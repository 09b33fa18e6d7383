package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Where streaming accounts and their subscribers come from: the offline catalogue shipped with the service
 * ({@link CatalogueStreamingAccounts}, the default) or a provider over HTTP ({@link HttpStreamingAccounts}),
 * chosen by {@code concord.integrations.streaming.provider}. A provider that cannot answer fails with
 * {@link StreamingProviderUnavailable} (502), never hangs.
 */
interface StreamingAccounts {

    /** A streaming account: its id at the service and the name it shows. */
    record Account(String id, String name) {}

    /**
     * Who subscribes to an account now: {@code count} is every subscriber, {@code userIds} those of them
     * whose accounts are linked to users here.
     */
    record Subscribers(int count, List<Snowflake> userIds) {
        public Subscribers {
            userIds = List.copyOf(userIds);
        }
    }

    /** The account, or empty when the service has none with this id. */
    Mono<Optional<Account>> find(StreamingService service, String accountId);

    /** The account's subscribers now; an account the service no longer has has none. */
    Mono<Subscribers> subscribers(StreamingService service, String accountId);
}
