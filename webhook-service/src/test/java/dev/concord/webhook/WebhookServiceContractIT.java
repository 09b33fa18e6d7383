package dev.concord.webhook;

import dev.concord.platform.test.ServiceContract;

class WebhookServiceContractIT extends ServiceContract {}
