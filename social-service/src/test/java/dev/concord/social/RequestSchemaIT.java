package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.schema.RequestSchemaCheck;
import dev.concord.platform.web.RouteCatalog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every social-service request type compared with the platform's request schema of the same operation
 * (see {@link RequestSchemaCheck}). The platform's description documents the bot-facing API and none of
 * social-service's routes (relationships, settings, notification settings, linked users are user-account
 * APIs), so nothing is compared today; a route the description gains is compared from then on.
 */
class RequestSchemaIT extends SocialApiSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Test
    void requestTypesReadEveryFieldOfThePlatformsRequestSchemas() {
        RequestSchemaCheck.Report report =
                RequestSchemaCheck.of("social-service", routes, mapper).run();

        report.assertNoGaps();
        assertThat(report.compared())
                .as("the description has no operation of social-service; when it gains one, say so above")
                .isEmpty();
        assertThat(report.withoutOperation())
                .contains("PATCH /users/@me/settings", "PUT /users/@me/relationships/{user_id}");
    }
}
