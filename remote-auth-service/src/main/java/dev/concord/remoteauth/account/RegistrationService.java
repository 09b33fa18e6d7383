package dev.concord.remoteauth.account;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.password.Passwords;
import dev.concord.remoteauth.user.UniqueFields;
import dev.concord.remoteauth.user.UserEvents;
import dev.concord.remoteauth.user.UserStore;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Creates accounts: the user row and its {@code USER_CREATE} commit together. */
@Service
class RegistrationService {

    private final UserStore users;
    private final Passwords passwords;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final TokenIssuer tokens;

    RegistrationService(
            UserStore users,
            Passwords passwords,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            TokenIssuer tokens) {
        this.users = users;
        this.passwords = passwords;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.tokens = tokens;
    }

    /** Returns a session token for the new account. */
    Mono<String> register(RegisterRequest request) {
        // Taken names are checked before hashing: both errors at once, and no CPU spent on a doomed request.
        return users.taken(request.username(), request.email())
                .flatMap(taken -> {
                    Violations violations = new Violations();
                    if (taken.username()) {
                        UniqueFields.usernameTaken(violations);
                    }
                    if (taken.email()) {
                        UniqueFields.emailTaken(violations);
                    }
                    violations.throwIfAny();
                    return passwords.hash(request.password());
                })
                .flatMap(hash -> transactions.transactional(users.insert(
                                ids.next(), request.username(), request.email(), request.globalName(), hash)
                        .flatMap(row -> outbox.append(UserEvents.created(row)).thenReturn(row))))
                .onErrorResume(DataIntegrityViolationException.class, UniqueFields::translate)
                .map(row -> tokens.issueUserToken(row.id()).token());
    }
}
