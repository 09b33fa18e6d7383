package dev.concord.remoteauth.password;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

@Configuration(proxyBeanMethods = false)
class PasswordConfiguration {

    /** One thread per core: hashing is pure CPU, more threads would only make each hash slower. */
    @Bean(destroyMethod = "dispose")
    Scheduler passwordHashScheduler(PasswordSettings settings) {
        int cores = Runtime.getRuntime().availableProcessors();
        return Schedulers.newBoundedElastic(cores, settings.queuedHashes(), "password-hash");
    }

    @Bean
    Argon2Hasher argon2Hasher(PasswordSettings settings) {
        return new Argon2Hasher(settings.memoryKib(), settings.iterations(), settings.parallelism());
    }

    @Bean
    Passwords passwords(Argon2Hasher hasher, Scheduler passwordHashScheduler) {
        return new Passwords(hasher, passwordHashScheduler);
    }
}
