package dev.concord.remoteauth.account;

/** {@code {"token": "..."}}, the answer to a registration. */
public record TokenResponse(String token) {

    @Override
    public String toString() {
        return "TokenResponse[]";
    }
}
