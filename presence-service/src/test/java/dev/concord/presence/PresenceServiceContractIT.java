package dev.concord.presence;

import dev.concord.platform.test.ServiceContract;

class PresenceServiceContractIT extends ServiceContract {}
