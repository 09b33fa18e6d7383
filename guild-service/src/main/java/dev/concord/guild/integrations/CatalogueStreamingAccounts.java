package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.io.ClassPathResource;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The offline provider: the accounts of {@code integrations/streaming-accounts.json}, read once at startup,
 * so the local stack and the tests link guilds to streaming accounts without a network or an account.
 * Always the same answers: nobody subscribes or stops here but by editing the file.
 */
final class CatalogueStreamingAccounts implements StreamingAccounts {

    static final String RESOURCE = "integrations/streaming-accounts.json";

    private record Entry(Account account, Subscribers subscribers) {}

    private final Map<String, Entry> entries;

    private CatalogueStreamingAccounts(Map<String, Entry> entries) {
        this.entries = Map.copyOf(entries);
    }

    static CatalogueStreamingAccounts load(JsonMapper mapper) {
        try (InputStream in = new ClassPathResource(RESOURCE).getInputStream()) {
            Map<String, Entry> entries = new HashMap<>();
            for (JsonNode account : mapper.readTree(in).path("accounts")) {
                StreamingService service =
                        StreamingService.named(account.path("type").asString());
                if (service == null) {
                    throw new IllegalStateException(RESOURCE + ": unknown type " + account.path("type"));
                }
                List<Snowflake> userIds = account.path("user_ids")
                        .valueStream()
                        .map(id -> Snowflake.parse(id.asString()))
                        .toList();
                String id = account.path("id").asString();
                entries.put(
                        key(service, id),
                        new Entry(
                                new Account(id, account.path("name").asString()),
                                new Subscribers(account.path("subscriber_count").asInt(), userIds)));
            }
            return new CatalogueStreamingAccounts(entries);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    @Override
    public Mono<Optional<Account>> find(StreamingService service, String accountId) {
        return Mono.just(
                Optional.ofNullable(entries.get(key(service, accountId))).map(Entry::account));
    }

    @Override
    public Mono<Subscribers> subscribers(StreamingService service, String accountId) {
        Entry entry = entries.get(key(service, accountId));
        return Mono.just(entry == null ? new Subscribers(0, List.of()) : entry.subscribers());
    }

    private static String key(StreamingService service, String accountId) {
        return service.wireName() + "/" + accountId;
    }
}
