package dev.concord.guild.threads;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Archives open threads nobody wrote in for their {@code auto_archive_duration}: each round claims the
 * threads that fell due (rows skipped while another instance holds them) and tells their audiences with
 * THREAD_UPDATE in the same transaction. Durations are an hour at least, so a round a minute is soon enough.
 */
@Configuration(proxyBeanMethods = false)
class ThreadArchiving {

    private static final int BATCH = 500;

    @Bean
    BatchedSweep threadArchiveSweep(
            ThreadStore threads,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock,
            @Value("${concord.threads.archive-interval:PT1M}") Duration interval) {
        return new BatchedSweep(
                "threads fallen due for archiving",
                interval,
                BATCH,
                batch -> transactions.transactional(threads.archiveDue(clock.instant(), batch)
                        .collectList()
                        .flatMap(ids -> ids.isEmpty() ? Mono.just(0L) : announce(threads, outbox, ids))));
    }

    /** THREAD_UPDATE for each thread archived, three statements however many (a private one's members told). */
    private static Mono<Long> announce(ThreadStore threads, Outbox outbox, List<Snowflake> ids) {
        return Mono.zip(threads.findAll(ids).collectList(), threads.memberIdsOf(ids))
                .flatMap(read -> outbox.appendAll(read.getT1().stream()
                        .map(thread -> ThreadEvents.updated(
                                thread,
                                thread.isPrivate() ? read.getT2().getOrDefault(thread.id(), List.of()) : List.of()))
                        .toList()))
                .thenReturn((long) ids.size());
    }
}
