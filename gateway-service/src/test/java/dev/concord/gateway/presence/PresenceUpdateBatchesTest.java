package dev.concord.gateway.presence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.session.SessionPresences.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** Op 3s go at once while few requests are out, and together when many are. */
class PresenceUpdateBatchesTest {

    /** The requests sent, each answered when the test says. */
    private final List<List<String>> sent = new CopyOnWriteArrayList<>();

    private final List<Sinks.One<List<Outcome>>> answers = new CopyOnWriteArrayList<>();
    private final PresenceUpdateBatches<String> batches = new PresenceUpdateBatches<>(updates -> {
        Sinks.One<List<Outcome>> answer = Sinks.one();
        sent.add(updates);
        answers.add(answer);
        return answer.asMono();
    });

    @Test
    void anOpThreeOnAQuietInstanceGoesAtOnceAlone() {
        StepVerifier.create(batches.offer("a"))
                .then(() -> {
                    assertThat(sent).containsExactly(List.of("a"));
                    answers.get(0).tryEmitValue(List.of(Outcome.APPLIED));
                })
                .expectNext(Outcome.APPLIED)
                .verifyComplete();
    }

    @Test
    void opThreesThatComeWhileRequestsAreOutLeaveTogetherEachWithItsOwnOutcome() {
        List<Mono<Outcome>> first = IntStream.range(0, PresenceUpdateBatches.MAX_IN_FLIGHT)
                .mapToObj(i -> batches.offer("early-" + i).cache())
                .toList();
        first.forEach(Mono::subscribe);
        Mono<Outcome> x = batches.offer("x").cache();
        Mono<Outcome> y = batches.offer("y").cache();
        Mono<Outcome> z = batches.offer("z").cache();
        x.subscribe();
        y.subscribe();
        z.subscribe();
        assertThat(sent).hasSize(PresenceUpdateBatches.MAX_IN_FLIGHT);

        answers.get(0).tryEmitValue(List.of(Outcome.APPLIED));

        assertThat(sent).hasSize(PresenceUpdateBatches.MAX_IN_FLIGHT + 1);
        assertThat(sent.get(PresenceUpdateBatches.MAX_IN_FLIGHT)).containsExactly("x", "y", "z");
        answers.get(PresenceUpdateBatches.MAX_IN_FLIGHT)
                .tryEmitValue(List.of(Outcome.UNKNOWN_SESSION, Outcome.INVALID, Outcome.APPLIED));
        assertThat(x.block(Duration.ofSeconds(1))).isEqualTo(Outcome.UNKNOWN_SESSION);
        assertThat(y.block(Duration.ofSeconds(1))).isEqualTo(Outcome.INVALID);
        assertThat(z.block(Duration.ofSeconds(1))).isEqualTo(Outcome.APPLIED);
        assertThat(first.get(0).block(Duration.ofSeconds(1))).isEqualTo(Outcome.APPLIED);
    }

    @Test
    void aBatchHoldsAtMostItsLimitAndTheRestFollow() {
        IntStream.range(0, PresenceUpdateBatches.MAX_IN_FLIGHT)
                .forEach(i -> batches.offer("early-" + i).subscribe());
        int waiting = PresenceUpdateBatches.MAX_BATCH + 10;
        IntStream.range(0, waiting).forEach(i -> batches.offer("w" + i).subscribe());

        answers.get(0).tryEmitValue(List.of(Outcome.APPLIED));
        answers.get(1).tryEmitValue(List.of(Outcome.APPLIED));

        List<Integer> sizes = new ArrayList<>();
        sent.forEach(request -> sizes.add(request.size()));
        assertThat(sizes.subList(PresenceUpdateBatches.MAX_IN_FLIGHT, sizes.size()))
                .containsExactly(PresenceUpdateBatches.MAX_BATCH, 10);
    }

    @Test
    void aFailedRequestFailsOnlyItsOwnOpThrees() {
        Mono<Outcome> failed = batches.offer("a").cache();
        failed.subscribe(outcome -> {}, failure -> {});
        answers.get(0).tryEmitError(new IllegalStateException("presence-service down"));

        StepVerifier.create(failed).expectErrorMessage("presence-service down").verify(Duration.ofSeconds(1));
        StepVerifier.create(batches.offer("b"))
                .then(() -> answers.get(1).tryEmitValue(List.of(Outcome.APPLIED)))
                .expectNext(Outcome.APPLIED)
                .verifyComplete();
    }

    @Test
    void anAnswerOfTheWrongLengthFailsItsOpThreesRatherThanMisattributingOutcomes() {
        StepVerifier.create(batches.offer("a"))
                .then(() -> answers.get(0).tryEmitValue(List.of(Outcome.APPLIED, Outcome.APPLIED)))
                .expectErrorMessage("2 outcomes for 1 op 3s")
                .verify(Duration.ofSeconds(1));
    }

    @Test
    void beyondTheQueuesLimitAnOpThreeFailsAtOnce() {
        IntStream.range(0, PresenceUpdateBatches.MAX_IN_FLIGHT)
                .forEach(i -> batches.offer("early-" + i).subscribe());
        IntStream.range(0, PresenceUpdateBatches.MAX_QUEUED)
                .forEach(i -> batches.offer("w" + i).subscribe());

        StepVerifier.create(batches.offer("one too many"))
                .expectErrorMatches(failure -> failure.getMessage().contains("already wait"))
                .verify(Duration.ofSeconds(1));
    }
}
