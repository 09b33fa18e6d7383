package dev.concord.remoteauth;

import dev.concord.platform.test.schema.RequestSchemaCheck;
import dev.concord.platform.web.RouteCatalog;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every remote-auth-service request type compared with the platform's request schema of the same operation (see
 * {@link RequestSchemaCheck}): a field the platform validates and we do not read is listed here with the
 * reason, or it fails.
 */
class RequestSchemaIT extends ApiTestSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    private static final String TEAMS = "teams are not built: an application belongs to one person";
    private static final String EMBEDDED =
            "embedded activities are not built: no application gets the EMBEDDED flag the field needs";

    @Test
    void requestTypesReadEveryFieldOfThePlatformsRequestSchemas() {
        RequestSchemaCheck.of("remote-auth-service", routes, mapper)
                .notModelled("PATCH /applications/{application_id}", List.of("team_id"), TEAMS)
                .notModelled("PATCH /applications/@me", List.of("team_id"), TEAMS)
                .notModelled("PATCH /applications/{application_id}", List.of("max_participants"), EMBEDDED)
                .notModelled("PATCH /applications/@me", List.of("max_participants"), EMBEDDED)
                .run()
                .assertNoGaps();
    }
}
