package dev.concord.remoteauth.account;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.password.PasswordRules;
import dev.concord.remoteauth.password.Passwords;
import dev.concord.remoteauth.user.UserStore;
import dev.concord.remoteauth.user.UserStore.Credentials;
import java.util.Optional;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Password logins. A wrong login and a wrong password get the same answer after the same work (an
 * unknown account is verified against a decoy hash), so neither the body nor the timing tells whether
 * an account exists.
 */
@Service
class LoginService {

    private final UserStore users;
    private final Passwords passwords;
    private final LoginThrottle throttle;
    private final TokenIssuer tokens;

    LoginService(UserStore users, Passwords passwords, LoginThrottle throttle, TokenIssuer tokens) {
        this.users = users;
        this.passwords = passwords;
        this.throttle = throttle;
        this.tokens = tokens;
    }

    Mono<LoginResponse> login(LoginRequest request, String clientAddress) {
        return throttle.admitAddress(clientAddress)
                .then(users.findCredentials(request.login()).map(Optional::of).defaultIfEmpty(Optional.empty()))
                .flatMap(account -> {
                    String limited = LoginThrottle.account(
                            account.map(Credentials::userId).orElse(null), request.login());
                    return throttle.admitAccount(limited)
                            .then(verify(request.password(), account))
                            .flatMap(matches -> matches
                                    ? throttle.succeeded(limited).then(Mono.fromSupplier(() -> issue(account.get())))
                                    : Mono.<LoginResponse>fromRunnable(LoginService::rejectAsInvalid));
                });
    }

    private Mono<Boolean> verify(String password, Optional<Credentials> account) {
        if (password.length() > PasswordRules.MAX_LENGTH * 2) {
            // Longer than any password can be (72 code points, at most 2 chars each): no hash to spend.
            return Mono.just(false);
        }
        return passwords.verify(password, account.map(Credentials::passwordHash).orElse(null));
    }

    private LoginResponse issue(Credentials account) {
        return new LoginResponse(
                account.userId(), tokens.issueUserToken(account.userId()).token());
    }

    /** The same 50035 on both fields, whichever of them was wrong. */
    private static void rejectAsInvalid() {
        new Violations()
                .add("login", "INVALID_LOGIN", "Login or password is invalid.")
                .add("password", "INVALID_LOGIN", "Login or password is invalid.")
                .throwIfAny();
    }
}
