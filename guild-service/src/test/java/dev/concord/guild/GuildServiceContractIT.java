package dev.concord.guild;

import dev.concord.platform.test.ServiceContract;

class GuildServiceContractIT extends ServiceContract {}
