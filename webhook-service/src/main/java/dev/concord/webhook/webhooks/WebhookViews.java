package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Rows become webhook objects: the creators of a whole list in one lookup, and the token and execution
 * URL shown as the platform shows them — an incoming webhook's to whoever may read it, an application
 * webhook's only to its application, a channel follower's to no one.
 */
@Component
final class WebhookViews {

    /** Who reads the webhook: an application acting (a bot or an OAuth2 grant), or none; with the token alone. */
    record Viewer(@Nullable Snowflake applicationId, boolean byToken) {

        static final Viewer BY_TOKEN = new Viewer(null, true);

        static Viewer of(@Nullable Snowflake applicationId) {
            return new Viewer(applicationId, false);
        }
    }

    private final UserDirectory users;
    private final String apiBaseUrl;

    WebhookViews(UserDirectory users, @Value("${concord.webhooks.api-base-url}") String apiBaseUrl) {
        this.users = users;
        this.apiBaseUrl = apiBaseUrl.endsWith("/") ? apiBaseUrl.substring(0, apiBaseUrl.length() - 1) : apiBaseUrl;
    }

    Mono<WebhookObject> one(WebhookRow row, Viewer viewer) {
        return list(List.of(row), viewer).map(list -> list.get(0));
    }

    Mono<List<WebhookObject>> list(List<WebhookRow> rows, Viewer viewer) {
        if (viewer.byToken()) {
            return Mono.just(rows.stream().map(row -> view(row, null, viewer)).toList());
        }
        List<Snowflake> creators = rows.stream()
                .map(WebhookRow::creatorId)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        return users.findAll(creators).collectMap(PartialUser::id).map(known -> rows.stream()
                .map(row -> view(row, row.creatorId() == null ? null : known.get(row.creatorId()), viewer))
                .toList());
    }

    /** The URL an incoming webhook is executed at, as the platform gives it. */
    String url(WebhookRow row, String token) {
        return apiBaseUrl + "/webhooks/" + row.id().asString() + "/" + token;
    }

    private WebhookObject view(WebhookRow row, @Nullable PartialUser creator, Viewer viewer) {
        String token = showsToken(row, viewer) ? row.token() : null;
        String url = token != null && row.type() == WebhookRow.INCOMING ? url(row, token) : null;
        WebhookRow.Source source = row.source();
        return new WebhookObject(
                row.id(),
                row.type(),
                row.guildId(),
                row.channelId(),
                creator,
                row.name(),
                row.avatar(),
                token,
                row.applicationId(),
                url,
                source == null
                        ? null
                        : new WebhookObject.SourceGuild(source.guildId(), source.guildName(), source.guildIcon()),
                source == null ? null : new WebhookObject.SourceChannel(source.channelId(), source.channelName()));
    }

    private static boolean showsToken(WebhookRow row, Viewer viewer) {
        return switch (row.type()) {
            case WebhookRow.INCOMING -> true;
            case WebhookRow.APPLICATION -> viewer.byToken() || row.ownedBy(viewer.applicationId());
            default -> false;
        };
    }
}
