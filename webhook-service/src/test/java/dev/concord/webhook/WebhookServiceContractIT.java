package dev.concord.webhook;

import dev.concord.platform.test.ServiceContract;
import org.springframework.test.context.TestPropertySource;

/**
 * The contract every service keeps. Its calls reach neither guild-service nor social-service, which
 * webhook-service needs configured to start: a closed local port stands in for each.
 */
@TestPropertySource(
        properties = {"concord.guilds.base-url=http://127.0.0.1:9", "concord.social.base-url=http://127.0.0.1:9"})
class WebhookServiceContractIT extends ServiceContract {}
