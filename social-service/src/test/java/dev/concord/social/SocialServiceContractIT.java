package dev.concord.social;

import dev.concord.platform.test.ServiceContract;

/** Probes, metrics, default-deny and the platform's 404, as every service must answer them. */
class SocialServiceContractIT extends ServiceContract {}
