package dev.concord.webhook;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.ServiceContract;
import org.springframework.beans.factory.annotation.Autowired;

@RealInfrastructure
class WebhookServiceContractIT extends ServiceContract {

    @Autowired
    TokenIssuer issuer;

    @Override
    protected String validToken() {
        return issuer.issueUserToken(Snowflake.of(80351110224678912L)).token();
    }
}
