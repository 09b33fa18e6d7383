package dev.concord.social;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.ServiceContract;
import org.springframework.beans.factory.annotation.Autowired;

/** Probes, metrics, default-deny and the platform's 404, as every service must answer them. */
@RealInfrastructure
class SocialServiceContractIT extends ServiceContract {

    @Autowired
    TokenIssuer issuer;

    @Override
    protected String validToken() {
        return issuer.issueUserToken(Snowflake.of(1)).token();
    }
}
