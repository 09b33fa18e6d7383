package dev.concord.remoteauth;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.ServiceContract;
import org.springframework.beans.factory.annotation.Autowired;

/** Probes, metrics, default deny and the platform's 404, as every service has them. */
@RealInfrastructure
class RemoteAuthServiceContractIT extends ServiceContract {

    @Autowired
    TokenIssuer tokens;

    @Autowired
    SnowflakeGenerator ids;

    @Override
    protected String validToken() {
        return tokens.issueUserToken(ids.next()).token();
    }
}
