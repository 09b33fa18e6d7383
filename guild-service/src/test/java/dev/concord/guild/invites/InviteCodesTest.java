package dev.concord.guild.invites;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class InviteCodesTest {

    @Test
    void codesAreEightToTenLettersAndDigitsOfEveryLength() {
        InviteCodes codes = new InviteCodes(new Random(7));

        List<String> drawn =
                IntStream.range(0, 2_000).mapToObj(i -> codes.next()).toList();

        assertThat(drawn).allMatch(code -> code.matches("[A-Za-z0-9]{8,10}"));
        assertThat(drawn.stream().map(String::length).distinct()).containsExactlyInAnyOrder(8, 9, 10);
        assertThat(new HashSet<>(drawn)).hasSize(drawn.size());
    }

    @Test
    void aTakenCodeIsReplacedByAFreshOne() {
        InviteCodes same = new InviteCodes(new Random(7));
        String first = same.next();
        String second = same.next();
        String third = same.next();
        Set<String> taken = Set.of(first, second);
        List<String> tried = new ArrayList<>();

        Mono<String> claimed = new InviteCodes(new Random(7)).claim(code -> {
            tried.add(code);
            return Mono.just(!taken.contains(code));
        });

        StepVerifier.create(claimed).expectNext(third).verifyComplete();
        assertThat(tried).containsExactly(first, second, third);
    }

    @Test
    void givingUpAfterFiveTakenCodes() {
        List<String> tried = new ArrayList<>();

        Mono<String> claimed = new InviteCodes(new Random(7)).claim(code -> {
            tried.add(code);
            return Mono.just(false);
        });

        StepVerifier.create(claimed).expectError(IllegalStateException.class).verify();
        assertThat(tried).hasSize(InviteCodes.MAX_ATTEMPTS);
    }
}
