package dev.concord.remoteauth;

import dev.concord.platform.test.ServiceContract;

/** Probes, metrics, default deny and the platform's 404, as every service has them. */
class RemoteAuthServiceContractIT extends ServiceContract {}
