package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.io.IOException;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;

/**
 * QR-code login as people do it, in two headless Chromiums through the edge: a desktop opens the login
 * page and shows its code, a phone opens the code's link, logs in, sees who asks and approves (or
 * denies); the desktop ends logged in with a token of its own (or told it was denied).
 */
@ExtendWith(LocalStackExtension.class)
class RemoteAuthLoginIT {

    private static final String PASSWORD = "correct-horse-battery";
    /** Where both pages keep the token. */
    private static final String TOKEN_KEY = "concord.token";

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        Browser.requireChromium();
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void thePhoneApprovesAndTheDesktopIsLoggedIn() throws IOException {
        String username = newUser();
        try (Browser desktop = Browser.start("desktop");
                Browser phone = Browser.start("phone")) {
            String link = showCode(desktop);
            desktop.screenshot("qr");

            claimOnPhone(phone, link, username);
            phone.screenshot("confirm");
            desktop.waitForStep("ticket");
            assertThat(desktop.text("ticket-user")).isEqualTo(username);

            phone.click("approve");
            phone.waitForStep("approved");
            desktop.waitForStep("logged-in");
            assertThat(desktop.text("me")).isEqualTo(username);
            assertThat(desktop.script("return document.body.innerText"))
                    .asString()
                    .contains("Logged in as " + username);
            desktop.screenshot("logged-in");

            // The pages' policy (no inline script, same-origin only) blocked nothing they need.
            assertThat(desktop.console()).noneMatch(line -> line.contains("Content Security Policy"));
            assertThat(phone.console()).noneMatch(line -> line.contains("Content Security Policy"));

            String token = (String) desktop.script("return localStorage.getItem('" + TOKEN_KEY + "')");
            assertThat(token).as("the token the desktop kept").isNotBlank();
            assertThat(api.me(token).path("username").asString()).isEqualTo(username);
        }
    }

    @Test
    void thePhoneDeniesAndTheDesktopSaysSoAndCanStartAgain() throws IOException {
        String username = newUser();
        try (Browser desktop = Browser.start("desktop");
                Browser phone = Browser.start("phone")) {
            String link = showCode(desktop);
            String firstFingerprint = desktop.attribute("qr-code", "data-fingerprint");

            claimOnPhone(phone, link, username);
            desktop.waitForStep("ticket");
            phone.click("deny");
            phone.waitForStep("denied");
            desktop.waitForStep("denied");
            assertThat(desktop.script("return localStorage.getItem('" + TOKEN_KEY + "')"))
                    .isNull();
            desktop.screenshot("denied");

            desktop.clickFirstVisible(By.cssSelector("[data-action=restart]"));
            String again = showCode(desktop);
            assertThat(desktop.attribute("qr-code", "data-fingerprint"))
                    .as("a new key, a new code")
                    .isNotEqualTo(firstFingerprint);
            assertThat(again).endsWith("/" + desktop.attribute("qr-code", "data-fingerprint"));
        }
    }

    /** Opens the desktop's login page and waits for its code: the link it shows, checked against the fingerprint. */
    private static String showCode(Browser desktop) {
        if (!"qr".equals(desktop.script("return document.body.dataset.state"))) {
            desktop.open(stack.edgeUrl() + "/remote-auth/login");
        }
        desktop.waitForStep("qr");
        String fingerprint = desktop.attribute("qr-code", "data-fingerprint");
        assertThat(fingerprint).matches("[A-Za-z0-9_-]{43}");
        String link = desktop.text("qr-link");
        assertThat(link).isEqualTo(stack.edgeUrl() + "/remote-auth/ra/" + fingerprint);
        assertThat(desktop.attribute("qr-link", "href")).isEqualTo(link);
        // The QR code image itself loaded (the page's policy allows it, the edge routes it).
        assertThat(desktop.script(
                        "const img = document.getElementById('qr-image'); return img.complete && img.naturalWidth > 0"))
                .isEqualTo(Boolean.TRUE);
        return link;
    }

    /** The phone opens the link, logs in with the form, continues, and is shown who asks. */
    private static void claimOnPhone(Browser phone, String link, String username) {
        phone.open(link);
        phone.waitForStep("login");
        phone.type("login-username", username);
        phone.type("login-password", PASSWORD);
        phone.click("login-submit");
        phone.waitForStep("ready");
        assertThat(phone.text("ready-user")).isEqualTo(username);

        phone.click("continue");
        phone.waitForStep("confirm");
        assertThat(phone.text("confirm-user")).isEqualTo(username);
        assertThat(phone.text("desktop-ip")).isEqualTo("127.0.0.1");
        assertThat(phone.text("desktop-agent")).contains("Chrome");
    }

    /** A fresh account, so neither test sees the other's sessions (nor a kept database's). */
    private static String newUser() {
        String username =
                "e2e_qr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        api.register(username, PASSWORD);
        return username;
    }
}
