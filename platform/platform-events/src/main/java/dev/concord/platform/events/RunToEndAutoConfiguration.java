package dev.concord.platform.events;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * Every service's {@link TransactionalOperator} runs its transactions to their end (see {@link RunToEnd});
 * Spring Boot's own operator, which a cancel can leave open, then stands back.
 */
@AutoConfiguration(
        afterName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration",
        beforeName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.transaction.reactive.TransactionalOperator")
public class RunToEndAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnSingleCandidate(ReactiveTransactionManager.class)
    TransactionalOperator transactionalOperator(ReactiveTransactionManager manager) {
        return RunToEnd.transactions(manager);
    }
}
