package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** The shipped offline catalogue of streaming accounts, and the service names requests may use. */
class CatalogueStreamingAccountsTest {

    private final CatalogueStreamingAccounts catalogue = CatalogueStreamingAccounts.load(Json.mapper());

    @Test
    void findsTheShippedAccountsByServiceAndId() {
        StepVerifier.create(catalogue.find(StreamingService.TWITCH, "48183251"))
                .expectNext(Optional.of(new StreamingAccounts.Account("48183251", "concordlive")))
                .verifyComplete();
        StepVerifier.create(catalogue.find(StreamingService.YOUTUBE, "48183251"))
                .as("an id of another service")
                .expectNext(Optional.empty())
                .verifyComplete();
    }

    @Test
    void countsEverySubscriberAndNamesTheLinkedOnes() {
        StepVerifier.create(catalogue.subscribers(StreamingService.TWITCH, "48183251"))
                .expectNext(new StreamingAccounts.Subscribers(
                        3, List.of(Snowflake.parse("190000000000000001"), Snowflake.parse("190000000000000002"))))
                .verifyComplete();
        StepVerifier.create(catalogue.subscribers(StreamingService.TWITCH, "unknown"))
                .expectNext(new StreamingAccounts.Subscribers(0, List.of()))
                .verifyComplete();
    }

    @Test
    void thePlatformsNamesAndTheStandInsNameTheSameServices() {
        assertThat(StreamingService.named("twitch")).isEqualTo(StreamingService.TWITCH);
        assertThat(StreamingService.named("livestream")).isEqualTo(StreamingService.TWITCH);
        assertThat(StreamingService.named("youtube")).isEqualTo(StreamingService.YOUTUBE);
        assertThat(StreamingService.named("videosite")).isEqualTo(StreamingService.YOUTUBE);
        assertThat(StreamingService.named("discord")).isNull();
        assertThat(StreamingService.named(null)).isNull();
        assertThat(StreamingService.TWITCH.hasEmoticons()).isTrue();
        assertThat(StreamingService.YOUTUBE.hasEmoticons()).isFalse();
    }
}
