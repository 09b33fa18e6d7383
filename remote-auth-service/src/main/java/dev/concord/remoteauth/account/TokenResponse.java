package dev.concord.remoteauth.account;

/** {@code {"token": "..."}}, the answer to a registration. */
record TokenResponse(String token) {

    @Override
    public String toString() {
        return "TokenResponse[]";
    }
}
