package dev.concord.remoteauth;

import dev.concord.platform.test.schema.RequestSchemaCheck;
import dev.concord.platform.web.RouteCatalog;
import dev.concord.remoteauth.support.ApiTestSupport;
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

    @Test
    void requestTypesReadEveryFieldOfThePlatformsRequestSchemas() {
        RequestSchemaCheck.of("remote-auth-service", routes, mapper).run().assertNoGaps();
    }
}
